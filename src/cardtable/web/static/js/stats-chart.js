// A bar chart of the player's latest finished matches: one bar per match, as tall as the
// accuracy the coach's review gave it (a stub where it was not reviewed yet), gold when the
// match was won and blue when lost. The figures are the server's (POST /api/players/me/stats).

import { el, gridLine } from "./chart.js";

/** recent: [{match_id, date, opponent, scores: [mine, theirs], won, accuracy}], oldest first. */
export function accuracyChart(recent) {
  const width = 320;
  const height = 170;
  const pad = { left: 34, right: 10, top: 12, bottom: 24 };
  const won = recent.filter((m) => m.won).length;
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "chart stats-chart",
    id: "stats-chart",
    role: "img",
    "aria-label": `Accuracy in your last ${recent.length} finished matches; ${won} won, ${recent.length - won} lost`,
  });
  const inner = { w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
  const y = (value) => pad.top + inner.h - (value / 100) * inner.h;
  el("rect", { x: pad.left, y: pad.top, width: inner.w, height: inner.h, class: "chart-bg" }, svg);
  for (let value = 0; value <= 100; value += 25) gridLine(svg, pad, width, y(value), `${value}%`);
  const slot = inner.w / Math.max(recent.length, 1);
  const bar = Math.min(26, slot * 0.7);
  recent.forEach((match, i) => {
    const cx = pad.left + slot * (i + 0.5);
    const reviewed = match.accuracy !== null && match.accuracy !== undefined;
    const top = reviewed ? y(match.accuracy) : y(0) - 3;
    const rect = el("rect", {
      x: cx - bar / 2, y: top, width: bar, height: Math.max(y(0) - top, 3), rx: 2,
      class: `stats-bar ${match.won ? "won" : "lost"}${reviewed ? "" : " unreviewed"}`,
      "data-match": match.match_id,
    }, svg);
    const tip = el("title", {}, rect);
    const when = new Date(match.date).toLocaleDateString();
    tip.textContent = `${when} vs ${match.opponent}: ${match.won ? "won" : "lost"} ${match.scores[0]}–${match.scores[1]}`
      + (reviewed ? `, accuracy ${Math.round(match.accuracy)}%` : ", not reviewed yet");
    const label = el("text", { x: cx, y: height - 8, class: "chart-label", "text-anchor": "middle" }, svg);
    label.textContent = match.won ? "W" : "L";
  });
  return svg;
}
