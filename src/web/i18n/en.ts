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

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
} satisfies Record<string, Message>;
