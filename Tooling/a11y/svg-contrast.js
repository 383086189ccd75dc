// The contrast of every visible SVG text against the background its chart is drawn on, as WCAG computes it. axe
// leaves SVG text as "needs review" (it cannot tell the background of text inside a drawing), so without this a
// chart's labels would go unchecked in the dark scheme. Returns the labels below their threshold: 4.5:1, or 3:1 for
// large text (24 px, or 18.66 px bold).
() => {
    const rgb = text => {
        const match = text.match(/rgba?\(([^)]+)\)/);
        if (!match) return null;
        const parts = match[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
        return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
    };
    const luminance = colour => {
        const channel = value => {
            value /= 255;
            return value <= 0.03928 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
    };
    // The first opaque background from the drawing outwards: the canvas is white when nothing sets one.
    const background = element => {
        for (let node = element; node; node = node.parentElement) {
            const colour = rgb(getComputedStyle(node).backgroundColor);
            if (colour && colour.a > 0) return colour;
        }
        return { r: 255, g: 255, b: 255, a: 1 };
    };
    const failures = [];
    for (const text of document.querySelectorAll("svg text")) {
        if (!text.getClientRects().length || !text.textContent.trim()) continue;
        const style = getComputedStyle(text);
        const fill = rgb(style.fill);
        if (!fill) continue;
        const back = background(text.ownerSVGElement);
        const [light, dark] = [luminance(fill), luminance(back)].sort((a, b) => b - a);
        const ratio = (light + 0.05) / (dark + 0.05);
        const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
        const needed = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
        if (ratio < needed) {
            const chart = text.ownerSVGElement.getAttribute("aria-label") || "svg";
            failures.push(`svg[aria-label="${chart}"] text "${text.textContent.trim().slice(0, 30)}": `
                + `${ratio.toFixed(2)}:1 (${style.fill} on rgb(${back.r}, ${back.g}, ${back.b})), needs ${needed}:1`);
        }
    }
    return failures;
}
