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
  "quick.title": "Play now",
  "quick.intro": "Get an opponent with a rating close to yours in seconds.",
  "quick.rules": "Rules",
  "quick.length": "Match length",
  "quick.clock": "Clock",
  "quick.rated": "Rated (changes both ratings)",
  "quick.botAfter": "Offer the computer after",
  "quick.botAfter.never": "never",
  "quick.botAfter.seconds": { one: "{count} second", other: "{count} seconds" },
  "quick.play": "Play now",
  "quick.searching": "Looking for an opponent… {elapsed}",
  "quick.waiting": { one: "{count} player waiting for these choices", other: "{count} players waiting for these choices" },
  "quick.cancel": "Cancel",
  "quick.playBot": "Play the computer instead",
  "quick.error.session": "Quick match needs a player: reload the page and try again.",
  "quick.error.lost": "The connection was lost while looking for an opponent. Try again.",
  "quick.error.expired": "Nobody was found within an hour. Try again.",
  "quick.error.other": "Quick match failed ({code}).",
  "quick.preset.georgianShort": "Georgian short nardi",
  "quick.preset.backgammon": "Backgammon",
  "quick.preset.federationLong": "Federation long nardi",
  "quick.preset.armenianLong": "Armenian long nardi",
  "quick.clock.blitz": "Blitz",
  "quick.clock.standard": "Standard",
  "quick.clock.correspondence": "Correspondence (a day per move)",
  "quick.clock.untimed": "Untimed",

  // ── replays and exports (issue 12) ──

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
} satisfies Record<string, Message>;
