/// The one stylesheet, served as `/assets/folio.css` (no inline styles: the CSP forbids them).
enum Stylesheet {
    static let text = """
        :root { color-scheme: light dark; --fg: #1b1f24; --muted: #5b6470; --line: #d8dde3; --accent: #0b5cad; --bg: #f7f8fa; --surface: #fff; --head: #eef1f4; --input: #aab2bd; --bad: #a4161a; --good: #1b6e3a; --warn: #8a5a00; --on-accent: #fff; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6e9ed; --muted: #a3acb8; --line: #394350; --accent: #7ab7ff; --bg: #12161b; --surface: #1b2128; --head: #232b34; --input: #56616e; --bad: #ff8a8f; --good: #6fd394; --warn: #f2c46d; --on-accent: #0b1420; } }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
        a { color: var(--accent); }
        .skip { position: absolute; left: -999px; } .skip:focus { left: 8px; top: 8px; background: var(--surface); padding: 4px; }
        .top { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; padding: 10px 16px; background: var(--surface); border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; font-size: 1.2em; text-decoration: none; color: var(--fg); }
        nav ul { display: flex; flex-wrap: wrap; gap: 4px 14px; list-style: none; margin: 0; padding: 0; }
        nav a { text-decoration: none; padding: 4px 2px; }
        nav a[aria-current="page"] { font-weight: 700; border-bottom: 3px solid var(--accent); }
        main { max-width: 1100px; margin: 0 auto; padding: 12px 16px 40px; }
        h1 { font-size: 1.6em; margin: 12px 0; } h2 { font-size: 1.2em; margin-top: 28px; }
        footer { text-align: center; color: var(--muted); font-size: .85em; padding: 20px; }
        .table-wrap { position: relative; overflow-x: auto; background: var(--surface); border: 1px solid var(--line); border-radius: 6px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
        th { background: var(--head); font-weight: 600; }
        .table-wrap th:first-child, .table-wrap td:first-child { position: sticky; left: 0; background: var(--surface); }
        .table-wrap th:first-child { background: var(--head); } td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        caption { text-align: left; padding: 6px 10px; color: var(--muted); }
        th a { color: inherit; } td.num, td time { white-space: nowrap; } .pager { display: flex; gap: 16px; align-items: center; margin: 10px 0; }
        tr.started td { color: var(--bad); } tr.soon td.countdown { font-weight: 700; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 14px; }
        .card { background: var(--surface); border: 1px solid var(--line); border-radius: 6px; padding: 12px 14px; }
        .card h2 { margin-top: 0; }
        .figures { display: flex; flex-wrap: wrap; gap: 12px 28px; }
        .figure { display: flex; flex-direction: column; } .figure .label { color: var(--muted); font-size: .85em; }
        .figure .value { font-size: 1.4em; font-weight: 600; font-variant-numeric: tabular-nums; } .figure .detail { color: var(--muted); font-size: .9em; }
        .notice { padding: 8px 12px; border-radius: 6px; border: 1px solid var(--line); background: var(--surface); }
        .notice.error { border-color: var(--bad); color: var(--bad); } .notice.success { border-color: var(--good); color: var(--good); }
        .notice.warning { border-color: var(--warn); color: var(--warn); }
        .error-summary { border: 3px solid var(--bad); border-radius: 6px; padding: 8px 14px; margin: 10px 0; background: var(--surface); }
        .error-summary h2 { margin: 0 0 6px; font-size: 1.1em; color: var(--bad); } .error-summary ul { margin: 0; padding-left: 1.2em; overflow-wrap: anywhere; } .error-summary a { color: var(--bad); font-weight: 600; overflow-wrap: anywhere; }
        .stamp { color: var(--muted); font-size: .9em; } .stamp.stale { color: var(--warn); }
        .hint { color: var(--muted); }
        .field-error, .notice, .stamp, .hint, .field span { overflow-wrap: anywhere; }
        form.form, form.inline { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: flex-end; margin: 10px 0; }
        .field { display: flex; flex-direction: column; gap: 2px; min-width: 160px; } .field span { font-size: .85em; color: var(--muted); }
        .field input, .field select, textarea { font: inherit; padding: 6px 8px; border: 1px solid var(--input); border-radius: 4px; background: var(--surface); color: var(--fg); }
        .field input[aria-invalid="true"] { border-color: var(--bad); }
        .field .field-error { color: var(--bad); font-size: .85em; max-width: 360px; }
        button, .button { font: inherit; padding: 7px 14px; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent); cursor: pointer; text-decoration: none; display: inline-block; }
        button.secondary, .button.secondary { background: var(--surface); color: var(--accent); }
        button.danger { background: var(--bad); border-color: var(--bad); color: var(--on-accent); }
        .ranges { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; } .ranges a { padding: 3px 10px; border: 1px solid var(--line); border-radius: 14px; text-decoration: none; background: var(--surface); }
        .ranges a[aria-current="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
        :root { --chart-bg: #fff; --chart-grid: #e2e2e2; --chart-text: #333; --chart-line: #1d4ed8; }
        @media (prefers-color-scheme: dark) { :root { --chart-bg: #1b2128; --chart-grid: #323b46; --chart-text: #d5dae0; --chart-line: #7ab7ff; } }
        .chart { margin: 16px 0; } .chart svg { max-width: 100%; height: auto; background: var(--chart-bg); border: 1px solid var(--line); border-radius: 6px; }
        .chart svg .chart-bg { fill: var(--chart-bg); } .chart svg .chart-grid { stroke: var(--chart-grid); } .chart svg .chart-axis { stroke: var(--chart-text); }
        .chart svg .chart-text { fill: var(--chart-text); } .chart svg .chart-line { stroke: var(--chart-line); } .chart svg .chart-marker { fill: var(--chart-line); }
        .bar-chart svg.bar rect { fill: var(--chart-line); } .chart figcaption { color: var(--muted); font-size: .9em; }
        .web-chart .chart-narrow { display: none; } .chart-value { min-height: 1.4em; margin: 4px 0; font-variant-numeric: tabular-nums; }
        .bar-chart ul { list-style: none; padding: 0; margin: 0; } .bar-title { font-weight: 600; margin: 4px 0 8px; }
        .bar-row { display: grid; grid-template-columns: minmax(0, 16em) minmax(40px, 1fr) auto; gap: 4px 10px; align-items: center; margin: 4px 0; }
        .bar-label { overflow-wrap: anywhere; } .bar-chart svg.bar { width: 100%; height: 14px; border: 0; border-radius: 0; background: none; } .bar-value { font-variant-numeric: tabular-nums; }
        @media (max-width: 720px) { .bar-row { grid-template-columns: minmax(0, 1fr) auto; } .bar-row .bar { grid-column: 1 / -1; grid-row: 2; }
        .web-chart .chart-wide { display: none; } .web-chart .chart-narrow { display: block; } }
        @media (max-width: 600px) { .table-wrap { overflow-x: visible; background: none; border: 0; }
        .table-wrap table, .table-wrap tbody, .table-wrap tr, .table-wrap td { display: block; width: 100%; }
        .table-wrap thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
        .table-wrap tr { background: var(--surface); border: 1px solid var(--line); border-radius: 6px; margin: 0 0 10px; padding: 6px 10px; }
        .table-wrap td, .table-wrap td.num { display: flex; justify-content: space-between; gap: 12px; border: 0; padding: 2px 0; text-align: right; position: static; background: none; }
        .table-wrap td::before { content: attr(data-label); color: var(--muted); text-align: left; }
        .table-wrap td:first-child { font-weight: 600; justify-content: flex-start; text-align: left; } .table-wrap td:first-child::before, .table-wrap td[data-label=""]::before { content: none; }
        .table-wrap td:empty { display: none; } .table-wrap caption { display: block; padding: 0 0 6px; }
        .table-wrap td { flex-wrap: wrap; overflow-wrap: anywhere; min-width: 0; } .table-wrap td > * { max-width: 100%; } .table-wrap td form { flex-wrap: wrap; } }
        .overview-lists { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 14px; margin: 18px 0; }
        ul.plain { list-style: none; padding: 0; margin: 0; } ul.plain li { margin: 6px 0; overflow-wrap: anywhere; }
        .mover { display: flex; flex-wrap: wrap; gap: 4px 10px; } .mover .name { font-weight: 600; flex: 1 1 6em; } .mover .change { font-variant-numeric: tabular-nums; }
        .mover.up .change { color: var(--good); } .mover.down .change { color: var(--bad); } .allocation { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 10px 28px; }
        .alert-banner { max-width: 1100px; margin: 0 auto; padding: 0 16px; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        .alert-banner .alert-live:empty { display: none; } .alert-banner.fired .alert-live { margin: 8px 0; padding: 8px 12px; border: 1px solid var(--warn); border-radius: 6px; background: var(--surface); overflow-wrap: anywhere; }
        .alert-banner button { margin: 6px 0; } .alert-banner button[hidden] { display: none; }
        .firings { padding-left: 1.2em; } .firings li { margin: 4px 0; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
        .search-results { list-style: none; padding: 0; } .search-results li { padding: 4px 0; border-bottom: 1px solid var(--line); }
        textarea { width: 100%; min-height: 160px; font-family: ui-monospace, monospace; }
        .field.wide { flex-basis: 100%; }
        .check { display: inline-flex; gap: 6px; align-items: center; }
        .pos { color: var(--good); } .neg { color: var(--bad); }
        @media (max-width: 600px) { body { font-size: 15px; } main { padding: 8px 10px 30px; } th, td { padding: 5px 6px; } .figure .value { font-size: 1.2em; } }

        """
}
