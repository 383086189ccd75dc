"""The pages each feature lists in its own folder, `Modules/Features/<Name>/pages.json`, for the tools that visit
every page (Tooling/a11y, Tooling/screenshots): a new feature's pages are checked by adding that file beside its
code (Tooling/new-feature writes one), never by editing Tooling/.

A `pages.json` holds four lists:
- `pages`: {path, loggedIn, status} — every GET page with the query strings that render a different page;
- `submissions`: {name, start, loggedIn, action, values} — pages only a form post renders (a refusal, a flash);
- `screenshots`: {name, path, loggedIn} — the pages drawn for docs/screenshots;
- `notPages`: GET route prefixes that are not pages (JSON, event streams, downloads)."""
import glob
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load():
    """Every feature's lists, features in folder order, as the tuples the tools use."""
    merged = {"pages": [], "submissions": [], "screenshots": [], "notPages": []}
    for path in sorted(glob.glob(os.path.join(ROOT, "Modules", "Features", "*", "pages.json"))):
        with open(path, encoding="utf-8") as handle:
            lists = json.load(handle)
        merged["pages"] += [(p["path"], p["loggedIn"], p["status"]) for p in lists.get("pages", [])]
        merged["submissions"] += [(s["name"], s["start"], s["loggedIn"], s["action"], s["values"])
                                  for s in lists.get("submissions", [])]
        merged["screenshots"] += [(s["name"], s["path"], s["loggedIn"]) for s in lists.get("screenshots", [])]
        merged["notPages"] += lists.get("notPages", [])
    return merged
