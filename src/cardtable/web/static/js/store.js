// What this browser remembers: the seats it holds (match id + token), its preferences, and
// for each deal the commitment it was shown before the hand and the cards it was dealt, so
// that the revealed seed is checked against what this page saw, not what it is told later.

const PREFIX = "ginrummy:";

function read(key, fallback) {
  try {
    const text = localStorage.getItem(PREFIX + key);
    return text === null ? fallback : JSON.parse(text);
  } catch (error) {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch (error) {
    // Private mode or full storage: the table still works, it just forgets.
  }
}

// Each game's learning-aid switches apart, keyed by the game's name: aid:<game>:<name>.
const aidKey = (game, name) => `aid:${game}:${name}`;

export const prefs = {
  get fourColour() {
    return read("four-colour", false);
  },
  set fourColour(on) {
    write("four-colour", Boolean(on));
  },
  get lastSetup() {
    return read("last-setup", null);
  },
  set lastSetup(value) {
    write("last-setup", value);
  },
  /** How the hand is laid out: "melds" (the server's grouping), "rank", "suit" or "own"
   * (the order the player dragged the cards into). */
  get handOrder() {
    const order = read("hand-order", "melds");
    return ["melds", "rank", "suit", "own"].includes(order) ? order : "melds";
  },
  set handOrder(order) {
    write("hand-order", order);
  },
  /** How the Cribbage hand is laid out: "rank" (the default), "suit" or "own" (kept apart
   * from gin's, whose default is its meld groups). */
  get cribbageHandOrder() {
    const order = read("crib-hand-order", "rank");
    return ["rank", "suit", "own"].includes(order) ? order : "rank";
  },
  set cribbageHandOrder(order) {
    write("crib-hand-order", order);
  },
  /** How the computer's moves are paced: "instant", "normal" or "slow"; by default normal,
   * or instant for a browser that asks for reduced motion. */
  get pace() {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const pace = read("pace", reduced ? "instant" : "normal");
    return ["instant", "normal", "slow"].includes(pace) ? pace : "normal";
  },
  set pace(pace) {
    write("pace", pace);
  },
  get sounds() {
    return read("sounds", false);
  },
  set sounds(on) {
    write("sounds", Boolean(on));
  },
  /** The learning aids of a game, each off until asked for (each game's screen names its
   * own). Each game keeps its own switches: a player who wants the tracker in one may not in
   * the other. */
  aid(game, name) {
    return read(aidKey(game, name), false);
  },
  setAid(game, name, on) {
    write(aidKey(game, name), Boolean(on));
  },
  /** Whether one of a game's aids is on (`aids`: its [name, label] pairs, as learning-aids.js
   * lists them). */
  anyAid(game, aids) {
    return aids.some(([name]) => this.aid(game, name));
  },
  /** Whether any game's aid is on (a seat asks for the aids before it knows its game). */
  anyAidOn() {
    try {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key && key.startsWith(`${PREFIX}aid:`) && localStorage.getItem(key) === "true") return true;
      }
    } catch (error) {
      // No storage: no aid was turned on.
    }
    return false;
  },
};

/** The order the player dragged their cards into, for a deal of a match. */
export function ownOrder(matchId, seat, deal) {
  return read(`order:${matchId}:${seat}:${deal}`, []);
}

export function keepOwnOrder(matchId, seat, deal, cards) {
  write(`order:${matchId}:${seat}:${deal}`, cards);
}

export function seats() {
  return read("seats", []);
}

// A seat is a match and a token: the matches of a series keep each person's token.
const sameSeat = (s, matchId, token) => s.match_id === matchId && s.token === token;

export function rememberSeat(matchId, token, seat, label = "") {
  const list = seats().filter((s) => !sameSeat(s, matchId, token));
  list.unshift({ match_id: matchId, token, seat, label, saved: Date.now() });
  write("seats", list.slice(0, 40));
}

export function forgetSeat(matchId, token) {
  write("seats", seats().filter((s) => !sameSeat(s, matchId, token)));
}

/** The first commitment this page saw for a deal (kept; never overwritten). */
export function noteCommitment(matchId, seat, deal, commitment) {
  const key = `commit:${matchId}:${seat}:${deal}`;
  if (read(key, null) === null) write(key, commitment);
}

export function seenCommitment(matchId, seat, deal) {
  return read(`commit:${matchId}:${seat}:${deal}`, null);
}

export function noteDealt(matchId, seat, deal, cards) {
  const key = `dealt:${matchId}:${seat}:${deal}`;
  if (read(key, null) === null) write(key, cards);
}

export function seenDealt(matchId, seat, deal) {
  return read(`dealt:${matchId}:${seat}:${deal}`, null);
}

export function ackedDeal(matchId, seat) {
  return read(`acked:${matchId}:${seat}`, null);
}

export function ackDeal(matchId, seat, deal) {
  write(`acked:${matchId}:${seat}`, deal);
}

export function rememberInvite(matchId, token) {
  write(`invite:${matchId}`, token);
}

export function inviteFor(matchId) {
  return read(`invite:${matchId}`, null);
}

/** The cards picked for the crib in a deal, kept for this tab only (sessionStorage): a reload
 * finds them picked again. Whether they may be laid away stays the server's to say. */
export function keptPicks(matchId, seat, deal) {
  try {
    const cards = JSON.parse(sessionStorage.getItem(`${PREFIX}picks:${matchId}:${seat}:${deal}`));
    return Array.isArray(cards) ? cards.filter((c) => typeof c === "string") : [];
  } catch (error) {
    return [];
  }
}

export function keepPicks(matchId, seat, deal, cards) {
  try {
    sessionStorage.setItem(`${PREFIX}picks:${matchId}:${seat}:${deal}`, JSON.stringify(cards));
  } catch (error) {
    // Storage refused: the picks are forgotten on a reload, nothing worse.
  }
}
