// What the lobby says and asks for each game: the words beside its computer levels and rules
// presets, the settings form (numbers, choices, switches; a number that may be left empty
// means "off"), the hero's cards and the "new to it?" panel. The values themselves (levels,
// presets, every setting of a preset) come from the server's /api/options.

export const LOBBY_GAMES = {
  gin: {
    tagline: "Exact rules, a fair shuffle you can check, and a computer opponent that sees only its own cards.",
    hero: ["7S", "7H", "7D", "4H", "5H", "6H"],
    learnTitle: "New to gin rummy?",
    learnText: "A short guided hand on the real table: sets, runs, deadwood, drawing, discarding and knocking.",
    levels: {
      beginner: "learning the ropes",
      intermediate: "a fair game",
      expert: "counts every card",
      simple: "the textbook baseline",
      random: "plays any legal move",
    },
    presets: {
      standard: "The common game: knock at 10, gin 25, undercut 25, to 100.",
      pagat: "Pagat and Bicycle: gin 20, undercut 10, boxes 20.",
      digital: "As online tables play it: big gin 31, dealer alternates.",
      straight: "Straight gin: no knocking, gin only.",
      oklahoma: "Oklahoma: the first upcard sets the knock limit; a spade doubles the hand.",
    },
    numbers: [
      ["knock_threshold", "Knock threshold", 0, 10],
      ["target", "Target score", 1, 10000],
      ["gin_bonus", "Gin bonus", 0, 1000],
      ["undercut_bonus", "Undercut bonus", 0, 1000],
      ["big_gin_bonus", "Big gin bonus (empty: off)", 0, 1000],
      ["game_bonus", "Game bonus", 0, 1000],
      ["line_bonus", "Box (line) bonus", 0, 1000],
    ],
    optional: ["big_gin_bonus"],
    choices: [
      ["line_bonus_to", "Box bonuses go to", { both: "both players", winner: "the match winner only" }],
      ["shutout", "Shutout", {
        double_game_bonus: "game bonus doubled", double_total: "winner's total doubled", none: "no extra",
      }],
      ["next_dealer", "Next dealer", { winner: "winner of the hand", loser: "loser of the hand", alternate: "alternates" }],
      ["series_first_player", "First to play in the next match", {
        alternate: "alternates", loser: "loser of the match", winner: "winner of the match",
      }],
    ],
    switches: [["oklahoma", "Oklahoma (upcard sets the knock limit)"]],
  },
  cribbage: {
    tagline: "Two-player cribbage to 121 (or 61) on a pegging board: the crib, the play, the show counted item by item, and a fair shuffle you can check.",
    hero: ["5H", "5S", "5C", "JD", "5D"],
    learnTitle: "New to cribbage?",
    learnText: "A short guided hand on the real table: laying away to the crib, pegging fifteens and pairs, the go, counting your hand.",
    levels: {
      beginner: "learning the ropes",
      intermediate: "a fair game",
      expert: "weighs every lay-away",
      simple: "keeps its best four, pegs greedily",
      random: "plays any legal move",
    },
    presets: {
      standard: "The full game: 121 points; skunked below 91 (2 games), double below 61 (4 games).",
      short: "A quick game: 61 points, skunked below 31 (2 games).",
      muggins: "Standard, and you count your own show: points you miss go to your opponent.",
    },
    numbers: [
      ["target", "Points to win a game", 31, 10000],
      ["skunk_line", "Skunk line (empty: off)", 1, 9999],
      ["skunk_games", "A skunk counts as (games)", 1, 100],
      ["double_skunk_line", "Double skunk line (empty: off)", 1, 9998],
      ["double_skunk_games", "A double skunk counts as (games)", 1, 100],
      ["games", "Games in the match", 1, 1000],
      ["match_points", "Or: game points to win (empty: off)", 1, 1000],
    ],
    optional: ["skunk_line", "double_skunk_line", "match_points"],
    choices: [
      ["next_game_dealer", "First dealer of the next game", { loser: "the loser of the last game", alternate: "alternates" }],
    ],
    switches: [["muggins", "Muggins: count your own show (the computer counts its own in full)"]],
  },
};

export function lobbyGame(game) {
  return LOBBY_GAMES[game] || LOBBY_GAMES.gin;
}
