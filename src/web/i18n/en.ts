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
  "coins.amount": { one: "{count} coin", other: "{count} coins" },
  "coins.badgeTitle": "Your Domino Coins (play money): balance and history",
  "coins.stakeLabel": "Stake in Domino Coins (empty: none)",
  "coins.stakeHint": "From {min} to {max} coins; each player's stake is held when the match starts, and the winner takes both.",
  "coins.stakeNeedsPlayer": "Stakes need a player session.",
  "coins.stakeListed": { one: "stake {count} coin", other: "stake {count} coins" },
  "coins.escrow": { one: "In escrow: {count} coin; the winner receives {payout}.", other: "In escrow: {count} coins; the winner receives {payout}." },
  "coins.stakeWaiting": { one: "Stake: {count} coin from each player, held when the match starts.", other: "Stake: {count} coins from each player, held when the match starts." },
  "coins.youWon": { one: "You won {count} coin.", other: "You won {count} coins." },
  "coins.youLost": { one: "You lost your stake of {count} coin.", other: "You lost your stake of {count} coins." },
  "coins.winnerGets": { one: "The winner receives {count} coin.", other: "The winner receives {count} coins." },
  "coins.refunded": { one: "No winner: each player gets their stake of {count} coin back.", other: "No winner: each player gets their stake of {count} coins back." },
  "coins.historyTitle": "Domino Coins",
  "coins.yourBalance": { one: "Your balance: {count} coin", other: "Your balance: {count} coins" },
  "coins.settings": "New players receive {grant}; once a day a balance below {below} is topped up with {topUp}. Stakes from {min} to {max}; house rake {rake}%.",
  "coins.purpose.grant": "Starting grant",
  "coins.purpose.top-up": "Daily top-up",
  "coins.purpose.hold": "Stake held",
  "coins.purpose.payout": "Winnings",
  "coins.purpose.rake": "House rake",
  "coins.purpose.refund": "Stake returned",
  "coins.noTransfers": "No transfers yet.",
  "coins.older": "Older transfers",
  "coins.atTable": "at table {id}",
  "coins.loading": "Loading…",
  "coins.needSession": "Domino Coins belong to a player: this page has no player session.",

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

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
} satisfies Record<string, Message>;
