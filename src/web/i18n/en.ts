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

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
} satisfies Record<string, Message>;
