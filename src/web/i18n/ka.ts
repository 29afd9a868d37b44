import type { Catalogue } from "./types";

/** Georgian. Keys and placeholders as in ./en.ts. */
export const ka: Catalogue = {
  // ── common ──
  "app.name": "ნარდი",
  "common.backToLobby": "ლობიში დაბრუნება",
  "common.points": { one: "{count} ქულა", other: "{count} ქულა" },

  // ── lobby ──

  // ── table (the play screen) ──

  // ── players, profiles, leaderboards ──

  // ── coins (issue 10) ──
  "coins.amount": { one: "{count} მონეტა", other: "{count} მონეტა" },
  "coins.badgeTitle": "თქვენი დომინოს მონეტები (სათამაშო ფული): ბალანსი და ისტორია",
  "coins.stakeLabel": "ფსონი დომინოს მონეტებში (ცარიელი: ფსონის გარეშე)",
  "coins.stakeHint": "{min}-დან {max} მონეტამდე; თითოეული მოთამაშის ფსონი მატჩის დაწყებისას იბლოკება და გამარჯვებული ორივეს იღებს.",
  "coins.stakeNeedsPlayer": "ფსონისთვის საჭიროა მოთამაშის სესია.",
  "coins.stakeListed": { one: "ფსონი {count} მონეტა", other: "ფსონი {count} მონეტა" },
  "coins.escrow": { one: "დეპოზიტზეა {count} მონეტა; გამარჯვებული მიიღებს {payout}-ს.", other: "დეპოზიტზეა {count} მონეტა; გამარჯვებული მიიღებს {payout}-ს." },
  "coins.stakeWaiting": { one: "ფსონი: {count} მონეტა თითოეული მოთამაშისგან, იბლოკება მატჩის დაწყებისას.", other: "ფსონი: {count} მონეტა თითოეული მოთამაშისგან, იბლოკება მატჩის დაწყებისას." },
  "coins.youWon": { one: "თქვენ მოიგეთ {count} მონეტა.", other: "თქვენ მოიგეთ {count} მონეტა." },
  "coins.youLost": { one: "თქვენ წააგეთ ფსონი: {count} მონეტა.", other: "თქვენ წააგეთ ფსონი: {count} მონეტა." },
  "coins.winnerGets": { one: "გამარჯვებული იღებს {count} მონეტას.", other: "გამარჯვებული იღებს {count} მონეტას." },
  "coins.refunded": { one: "გამარჯვებული არ არის: თითოეულ მოთამაშეს უბრუნდება ფსონი, {count} მონეტა.", other: "გამარჯვებული არ არის: თითოეულ მოთამაშეს უბრუნდება ფსონი, {count} მონეტა." },
  "coins.historyTitle": "დომინოს მონეტები",
  "coins.yourBalance": { one: "თქვენი ბალანსი: {count} მონეტა", other: "თქვენი ბალანსი: {count} მონეტა" },
  "coins.settings": "ახალი მოთამაშეები იღებენ {grant}-ს; დღეში ერთხელ {below}-ზე ნაკლები ბალანსი ივსება {topUp}-ით. ფსონები {min}-დან {max}-მდე; დაწესებულების საკომისიო {rake}%.",
  "coins.purpose.grant": "საწყისი ბონუსი",
  "coins.purpose.top-up": "ყოველდღიური შევსება",
  "coins.purpose.hold": "ფსონი დაბლოკილია",
  "coins.purpose.payout": "მოგება",
  "coins.purpose.rake": "დაწესებულების საკომისიო",
  "coins.purpose.refund": "ფსონი დაბრუნებულია",
  "coins.noTransfers": "გადარიცხვები ჯერ არ არის.",
  "coins.older": "ძველი გადარიცხვები",
  "coins.atTable": "მაგიდასთან {id}",
  "coins.loading": "იტვირთება…",
  "coins.needSession": "დომინოს მონეტები მოთამაშეს ეკუთვნის, ამ გვერდს კი მოთამაშის სესია არ აქვს.",

  // ── quick match (issue 11) ──

  // ── replays and exports (issue 12) ──

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
