// Cribbage in words: an action with the points it led to ("Simple plays 8♥: fifteen for 2"),
// whose hand or crib a show is, a combination of the show ("Run of 3"). Everything here
// formats what the server sent; the points and their reasons are the server's.

import { cardText } from "/static/js/cards.js";

/** "You" or the player's name. */
export function who(seat, me, names) {
  return seat === me ? "You" : names[seat];
}

/** "your" or "Simple's". */
export function whose(seat, me, names) {
  return seat === me ? "your" : `${names[seat]}'s`;
}

/** "Your hand", "Simple's crib". */
export function showTitle(show, me, names) {
  const owner = whose(show.seat, me, names);
  return `${owner[0].toUpperCase()}${owner.slice(1)} ${show.kind}`;
}

const ITEM_WORDS = {
  fifteen: "Fifteen", pair: "Pair", "pair royal": "Pair royal", "double pair royal": "Double pair royal", flush: "Flush", nobs: "Nobs",
};

/** A combination of the show: "Fifteen", "Pair royal", "Run of 4", "Flush". */
export function itemWord(item) {
  if (item.kind === "run") return `Run of ${item.cards.length}`;
  return ITEM_WORDS[item.kind] || item.kind;
}

export function cardsText(cards) {
  return cards.map(cardText).join(" ");
}

/** One score of an action: "fifteen for 2"; a point to the other player says to whom. */
function scoreText(score, actor, me, names) {
  if (score.reason === "hand" || score.reason === "crib") {
    return `${whose(score.seat, me, names)} ${score.reason} for ${score.points}`;
  }
  if (score.reason === "muggins") {
    return `${score.seat === me ? "you take" : `${names[score.seat]} takes`} ${score.points} by muggins`;
  }
  if (score.seat === actor) return `${score.reason} for ${score.points}`;
  return `${score.reason}: ${score.points} to ${score.seat === me ? "you" : names[score.seat]}`;
}

/** The action itself: "Simple plays 8♥", "You lay away 5♥ J♦", "Simple says go". */
function actionText(event, me, names) {
  const you = event.seat === me;
  const subject = who(event.seat, me, names);
  const s = you ? "" : "s";
  const [kind, ...rest] = event.action.split(" ");
  switch (kind) {
    case "discard":
      return rest.length
        ? `${subject} laid away ${cardsText(rest)}`
        : `${subject} laid away two cards`;
    case "play":
      return `${subject} play${s} ${cardText(rest[0])}`;
    case "go":
      return `${subject} say${s} go`;
    case "count":
      return `${subject} count${s} ${rest[0]}`;
    case "muggins":
      return `${subject} call${s} muggins`;
    case "accept":
      return `${subject} accept${s} the count`;
    default:
      return `${subject}: ${event.action}`;
  }
}

/** An event of the hand in words, with every point it pegged. */
export function eventText(event, me, names) {
  const main = actionText(event, me, names);
  const scores = event.scores.map((score) => scoreText(score, event.seat, me, names));
  if (event.action === "muggins" && !scores.length) return `${main}: nothing was missed.`;
  return `${main}${scores.length ? `: ${scores.join(", ")}` : ""}.`;
}

/** Every point an event pegged, by seat (for a mark beside it). */
export function eventPoints(event) {
  const points = [0, 0];
  for (const score of event.scores) points[score.seat] += score.points;
  return points;
}

const KIND_WORDS = { game: "a game", skunk: "a skunk", "double skunk": "a double skunk" };

/** "a skunk": what a game's win was. */
export function winKind(kind) {
  return KIND_WORDS[kind] || kind;
}
