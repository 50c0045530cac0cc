// The cribbage board, drawn in SVG from the view's `board`: a wooden board with one track of
// holes per player, laid out in legs that snake back and forth (40 holes a leg for 121, 30 for
// 61), grouped in fives; the two start holes, the game hole at the target; each player's front
// peg and back peg (where the front one stood before its last move); the skunk line and the
// double skunk line across both tracks. Your track is the lower one of each leg, in gold.

const SVG = "http://www.w3.org/2000/svg";
const SPACING = 10; // between holes of a group
const GROUP_GAP = 7; // extra room between groups of five
const LANE = 11; // between the two tracks of a leg
const ROW = 33; // from one leg to the next
const LEFT = 44;
const RIGHT = 40;
const TOP = 20;
const BOTTOM = 14;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** The board's shape for a target: legs of `per` holes (the last hole is the game hole). */
export function boardShape(target) {
  const holes = Math.max(1, target - 1);
  const legs = Math.max(2, Math.ceil(holes / 40));
  const per = Math.ceil(holes / legs);
  const along = (i) => i * SPACING + Math.floor(i / 5) * GROUP_GAP;
  const width = along(per - 1);
  return { target, holes, legs, per, along, width };
}

/** Where hole `n` (1 to target) of a track (0 top, 1 bottom) is, in board units. */
function holeAt(shape, n, track) {
  if (n >= shape.target) {
    const leg = shape.legs - 1;
    const rightwards = leg % 2 === 0;
    return { x: LEFT + (rightwards ? shape.width + 26 : -26), y: TOP + leg * ROW + LANE / 2, game: true };
  }
  const leg = Math.min(shape.legs - 1, Math.floor((n - 1) / shape.per));
  const i = n - 1 - leg * shape.per;
  const x = leg % 2 === 0 ? shape.along(i) : shape.width - shape.along(i);
  return { x: LEFT + x, y: TOP + leg * ROW + track * LANE };
}

/** Where a peg standing at `points` is: the start holes before 1, the game hole at the target. */
function pegAt(shape, points, track, back) {
  if (points <= 0) return { x: LEFT - (back ? 30 : 19), y: TOP + track * LANE };
  return holeAt(shape, Math.min(points, shape.target), track);
}

/** A line across both tracks just before hole `n` (the skunk lines). */
function lineBefore(shape, n, cls, label, svg) {
  if (n === null || n === undefined || n < 2 || n >= shape.target) return;
  const a = holeAt(shape, n - 1, 0);
  const b = holeAt(shape, n, 0);
  const x = Math.abs(a.y - b.y) < 1 ? (a.x + b.x) / 2 : b.x + (b.x > LEFT + shape.width / 2 ? 6 : -6);
  const y = b.y;
  el("line", { x1: x, x2: x, y1: y - 6, y2: y + LANE + 6, class: `board-line ${cls}` }, svg);
  const text = el("text", { x, y: y - 8, class: `board-line-label ${cls}`, "text-anchor": "middle" }, svg);
  text.textContent = label;
}

function numbers(shape, svg) {
  for (let n = 10; n < shape.target; n += 10) {
    const p = holeAt(shape, n, 0);
    const text = el("text", { x: p.x, y: p.y - 6, class: "board-number", "text-anchor": "middle" }, svg);
    text.textContent = String(n);
  }
}

/** The U-turns between legs, drawn as grooves joining the ends of the legs. */
function turns(shape, svg) {
  for (let leg = 0; leg < shape.legs - 1; leg += 1) {
    const right = leg % 2 === 0;
    const x = LEFT + (right ? shape.width + 9 : -9);
    const y1 = TOP + leg * ROW + LANE / 2;
    const y2 = y1 + ROW;
    const bulge = right ? 14 : -14;
    el("path", { d: `M${x} ${y1} C${x + bulge} ${y1} ${x + bulge} ${y2} ${x} ${y2}`, class: "board-turn" }, svg);
  }
}

function holes(shape, svg, mine) {
  const group = el("g", { class: "board-holes" }, svg);
  for (let track = 0; track < 2; track += 1) {
    const cls = (track === 1) === mine ? "hole mine" : "hole theirs";
    for (let n = 1; n < shape.target; n += 1) {
      const p = holeAt(shape, n, track);
      el("circle", { cx: p.x, cy: p.y, r: 1.9, class: cls }, group);
    }
    for (const back of [true, false]) {
      const p = pegAt(shape, 0, track, back);
      el("circle", { cx: p.x, cy: p.y, r: 1.9, class: `${cls} start` }, group);
    }
  }
  const game = holeAt(shape, shape.target, 0);
  el("circle", { cx: game.x, cy: game.y, r: 4.2, class: "hole game" }, group);
}

function peg(svg, p, cls, title) {
  const node = el("circle", { cx: p.x, cy: p.y, r: cls.includes("back") ? 2.9 : 3.7, class: `peg ${cls}` }, svg);
  el("title", {}, node).textContent = title;
  return node;
}

/**
 * The board of `view` as an SVG element. Track 1 (the lower of each leg) is the seat's own.
 * Pegs carry data-seat and data-points (tests and screen readers read them).
 */
export function boardSVG(view, names) {
  const board = view.board;
  const shape = boardShape(board.target);
  const width = LEFT + shape.width + RIGHT;
  const height = TOP + (shape.legs - 1) * ROW + LANE + BOTTOM;
  const me = view.seat;
  const label = [me, 1 - me].map((s) => `${s === me ? "You" : names[s]} ${board.pegs[s]}`).join(", ");
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "crib-board-svg", role: "img",
    "aria-label": `Cribbage board to ${board.target}: ${label}`,
  });
  const defs = el("defs", {}, svg);
  const wood = el("linearGradient", { id: "board-wood", x1: 0, y1: 0, x2: 0, y2: 1 }, defs);
  el("stop", { offset: "0", "stop-color": "#b07a43" }, wood);
  el("stop", { offset: "0.5", "stop-color": "#9a6434" }, wood);
  el("stop", { offset: "1", "stop-color": "#7c4c25" }, wood);
  el("rect", { x: 1, y: 1, width: width - 2, height: height - 2, rx: 12, class: "board-wood" }, svg);
  for (let leg = 0; leg < shape.legs; leg += 1) {
    el("rect", {
      x: LEFT - 7, y: TOP + leg * ROW - 6, width: shape.width + 14, height: LANE + 12, rx: 8, class: "board-channel",
    }, svg);
  }
  turns(shape, svg);
  numbers(shape, svg);
  holes(shape, svg, true);
  lineBefore(shape, board.double_skunk_line, "double-skunk", "SS", svg);
  lineBefore(shape, board.skunk_line, "skunk", "S", svg);
  const start = el("text", { x: LEFT - 25, y: TOP - 8, class: "board-number", "text-anchor": "middle" }, svg);
  start.textContent = "start";
  const game = holeAt(shape, shape.target, 0);
  const goal = el("text", { x: game.x, y: game.y - 8, class: "board-number goal", "text-anchor": "middle" }, svg);
  goal.textContent = String(board.target);
  for (const seat of [1 - me, me]) {
    const track = seat === me ? 1 : 0;
    const cls = seat === me ? "mine" : "theirs";
    const name = seat === me ? "Your" : `${names[seat]}'s`;
    const front = board.pegs[seat];
    const back = board.back_pegs[seat];
    peg(svg, pegAt(shape, back, track, true), `${cls} back`, `${name} back peg: ${back}`).dataset.seat = seat;
    const node = peg(svg, pegAt(shape, front, track, false), `${cls} front`, `${name} front peg: ${front}`);
    node.dataset.seat = seat;
    node.dataset.points = front;
  }
  return svg;
}
