import type { Message } from "./types";

/** English: the reference catalogue. Every other language has exactly these keys. */
export const en = {
  // ── common ──
  "app.name": "Nardi",
  "common.backToLobby": "Back to the lobby",
  "common.points": { one: "{count} point", other: "{count} points" },

  // ── lobby ──

  // ── table (the play screen) ──

  // ── players, profiles, leaderboards ──

  // ── coins (issue 10) ──

  // ── quick match (issue 11) ──

  // ── replays and exports (issue 12) ──
  "replay.open": "Replay",
  "replay.loading": "Loading the match…",
  "replay.failed": "Could not load this match ({reason}).",
  "replay.broken": "This match's log does not replay at event {seq}: {reason}",
  "replay.private": "This table does not show its match to spectators: only its players can replay it.",
  "replay.notFound": "There is no such match (or it was never recorded).",
  "replay.refresh": "Load newer moves",
  "replay.notStarted": "This match has not started yet.",
  "replay.title": "Replay: {white} – {black}",
  "replay.info": { one: "{preset} · match to {count} point", other: "{preset} · match to {count} points" },
  "replay.preset.georgian-short": "Georgian short nardi",
  "replay.preset.backgammon": "Backgammon",
  "replay.preset.federation-long": "Federation long nardi",
  "replay.preset.armenian-long": "Armenian long nardi",
  "replay.first": "Start",
  "replay.prevHand": "Previous hand",
  "replay.prev": "Back",
  "replay.next": "Forward",
  "replay.nextHand": "Next hand",
  "replay.last": "End",
  "replay.jump": "Jump to a position",
  "replay.position": "Position {index} of {total}",
  "replay.share": "Link to this position",
  "replay.download": "Download:",
  "replay.formatJson": "record (JSON)",
  "replay.formatMat": "GNU Backgammon (.mat)",
  "replay.formatTxt": "plain text",
  "replay.moves": "Moves",
  "replay.score": "Score {white}–{black}",
  "replay.hand": "hand {hand}",
  "replay.crawford": "Crawford hand",
  "replay.cubeMiddle": "cube {value} in the middle",
  "replay.cubeWhite": "cube {value} on White's side",
  "replay.cubeBlack": "cube {value} on Black's side",
  "replay.ev.handStarted": "Hand {hand} starts, score {white}–{black}",
  "replay.ev.handStartedCrawford": "Hand {hand} starts, score {white}–{black}: the Crawford hand, no cube",
  "replay.ev.opening": "Opening roll {whiteDie}–{blackDie}: {player} starts",
  "replay.ev.openingTie": "Opening roll {whiteDie}–{blackDie}: a tie, roll again",
  "replay.ev.rolled": "{player} rolls {dice}",
  "replay.ev.played": "{player} plays {play}",
  "replay.ev.burned": "{player} rolls {dice} and cannot move: the roll is burned",
  "replay.ev.doubled": "{player} doubles to {value}",
  "replay.ev.taken": "{player} takes: the cube is at {value}",
  "replay.ev.dropped": "{player} drops",
  "replay.ev.won.oin": { one: "{player} wins the hand, oin: {count} point", other: "{player} wins the hand, oin: {count} points" },
  "replay.ev.won.mars": { one: "{player} wins the hand, mars: {count} point", other: "{player} wins the hand, mars: {count} points" },
  "replay.ev.won.koks": { one: "{player} wins the hand, koks: {count} point", other: "{player} wins the hand, koks: {count} points" },
  "replay.ev.resigned": "{player} resigns",
  "replay.ev.forfeited": "{player} did not come back in time and forfeits",
  "replay.ev.timedOut": "{player} ran out of time",
  "replay.ev.matchWon": "{player} wins the match {white}–{black}",
  "replay.ev.matchAbandoned": "The match was abandoned, {white}–{black}",

  // ── fair dice (issue 12) ──
  "dice.verify.title": "Dice check",
  "dice.verify.link": "Verify the dice",
  "dice.verify.explain": "Every roll is recomputed here, in your browser, from the server's seed (committed before the first roll, revealed at the end), both players' seeds and the randomness sent with each command.",
  "dice.verify.loading": "Checking every roll…",
  "dice.verify.ok": { one: "The {count} roll of this match is genuine: it is exactly what the seeds give.", other: "All {count} rolls of this match are genuine: each is exactly what the seeds give." },
  "dice.verify.mismatch": "Roll {roll} does not match: the seeds give {expected}, the log shows {got}.",
  "dice.verify.seedMismatch": "The revealed server seed does not match the commitment published when the table was created.",
  "dice.verify.notRevealed": "This match is not over yet. The server seed is revealed with its last event: check again when it has ended.",
  "dice.verify.noCommitment": "This table was created before fair dice: its rolls cannot be checked.",
  "dice.verify.badEvent": "The match's log could not be read.",
  "dice.verify.notFound": "There is no table or recorded match with this id.",
  "dice.verify.commitment": "Commitment (SHA-256 of the seed)",
  "dice.verify.serverSeed": "Server seed",
  "dice.stats.title": "Dice statistics",
  "dice.stats.link": "Dice statistics",
  "dice.stats.sample": { one: "{count} roll in recorded matches (opening rolls not counted).", other: "{count} rolls in recorded matches (opening rolls not counted)." },
  "dice.stats.loading": "Counting the dice…",
  "dice.stats.none": "No recorded rolls yet.",
  "dice.stats.faces": "Faces",
  "dice.stats.face": "Face",
  "dice.stats.count": "Count",
  "dice.stats.expected": "Expected",
  "dice.stats.doubles": "Doubles",
  "dice.stats.doublesLine": "{doubles} doubles, {expected} expected",
  "dice.stats.chiSquare": "χ² = {statistic}, degrees of freedom {df}, p = {p}",
  "dice.stats.explain": "p is the chance that fair dice would stray at least this far from the expected counts. Small values happen by chance too: about one player in a hundred sees p below 0.01.",

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
} satisfies Record<string, Message>;
