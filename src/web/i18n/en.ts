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
