// A line chart of both players' scores across the hands of the match, with the target; and
// the SVG pieces the page's other chart (stats-chart.js) draws with.

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element `name` with `attrs`, added to `parent` when one is given. */
export function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

/** A grid line across the plot (inside `pad` of `width`) at height `at`, labelled `text` at
 * its left. */
export function gridLine(svg, pad, width, at, text) {
  el("line", { x1: pad.left, x2: width - pad.right, y1: at, y2: at, class: "chart-grid" }, svg);
  const label = el("text", { x: pad.left - 5, y: at + 4, class: "chart-label", "text-anchor": "end" }, svg);
  label.textContent = text;
}

/**
 * sheet: [{number, totals: [a, b]}]; names: [me, them] in seat order; seat: mine.
 * Returns an <svg> sized by CSS (viewBox 320 x 180).
 */
export function scoreChart(sheet, names, seat, target) {
  const width = 320;
  const height = 180;
  const pad = { left: 34, right: 12, top: 14, bottom: 26 };
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart",
    role: "img",
    "aria-label": `Scores by hand: ${names[seat]} ${sheet.length ? sheet[sheet.length - 1].totals[seat] : 0}, `
      + `${names[1 - seat]} ${sheet.length ? sheet[sheet.length - 1].totals[1 - seat] : 0}`,
  });
  const hands = Math.max(sheet.length, 1);
  const highest = Math.max(target, ...sheet.map((l) => Math.max(...l.totals)), 10);
  const rough = highest / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const top = Math.ceil(highest / step) * step;
  const x = (i) => pad.left + (i / hands) * (width - pad.left - pad.right);
  const y = (v) => height - pad.bottom - (v / top) * (height - pad.top - pad.bottom);
  el("rect", { x: pad.left, y: pad.top, width: width - pad.left - pad.right,
    height: height - pad.top - pad.bottom, class: "chart-bg" }, svg);
  for (let value = 0; value <= top; value += step) gridLine(svg, pad, width, y(value), value);
  for (let i = 0; i <= hands; i += 1) {
    if (hands > 12 && i % Math.ceil(hands / 12) !== 0) continue;
    const label = el("text", { x: x(i), y: height - 8, class: "chart-label", "text-anchor": "middle" }, svg);
    label.textContent = i;
  }
  el("line", { x1: pad.left, x2: width - pad.right, y1: y(target), y2: y(target), class: "chart-target" }, svg);
  const targetLabel = el("text", { x: pad.left + 4, y: y(target) - 4, class: "chart-label target", "text-anchor": "start" }, svg);
  targetLabel.textContent = `target ${target}`;
  for (const who of [1 - seat, seat]) {
    const points = [[x(0), y(0)], ...sheet.map((l, i) => [x(i + 1), y(l.totals[who])])];
    el("polyline", {
      points: points.map((p) => p.join(",")).join(" "),
      class: `chart-line ${who === seat ? "mine" : "theirs"}`,
    }, svg);
    points.slice(1).forEach(([px, py]) => el("circle", { cx: px, cy: py, r: 3.2, class: `chart-dot ${who === seat ? "mine" : "theirs"}` }, svg));
  }
  return svg;
}
