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
  "replay.open": "ხელახლა ნახვა",
  "replay.loading": "მატჩი იტვირთება…",
  "replay.failed": "მატჩი ვერ ჩაიტვირთა ({reason}).",
  "replay.broken": "მატჩის ჩანაწერი ვერ აღდგება მოვლენაზე {seq}: {reason}",
  "replay.private": "ეს მაგიდა მატჩს მაყურებლებს არ აჩვენებს: ხელახლა ნახვა მხოლოდ მის მოთამაშეებს შეუძლიათ.",
  "replay.notFound": "ასეთი მატჩი არ არსებობს (ან არ ჩაწერილა).",
  "replay.refresh": "ახალი სვლების ჩატვირთვა",
  "replay.notStarted": "მატჩი ჯერ არ დაწყებულა.",
  "replay.title": "ხელახლა ნახვა: {white} – {black}",
  "replay.info": { one: "{preset} · მატჩი {count} ქულამდე", other: "{preset} · მატჩი {count} ქულამდე" },
  "replay.preset.georgian-short": "ქართული მოკლე ნარდი",
  "replay.preset.backgammon": "ბექგემონი",
  "replay.preset.federation-long": "ფედერაციის გრძელი ნარდი",
  "replay.preset.armenian-long": "სომხური გრძელი ნარდი",
  "replay.first": "დასაწყისი",
  "replay.prevHand": "წინა პარტია",
  "replay.prev": "უკან",
  "replay.next": "წინ",
  "replay.nextHand": "შემდეგი პარტია",
  "replay.last": "დასასრული",
  "replay.jump": "პოზიციაზე გადასვლა",
  "replay.position": "პოზიცია {index} / {total}",
  "replay.share": "ბმული ამ პოზიციაზე",
  "replay.download": "ჩამოტვირთვა:",
  "replay.formatJson": "ჩანაწერი (JSON)",
  "replay.formatMat": "GNU Backgammon (.mat)",
  "replay.formatTxt": "უბრალო ტექსტი",
  "replay.moves": "სვლები",
  "replay.score": "ანგარიში {white}–{black}",
  "replay.hand": "პარტია {hand}",
  "replay.crawford": "კროუფორდის პარტია",
  "replay.cubeMiddle": "კუბი {value} შუაშია",
  "replay.cubeWhite": "კუბი {value} თეთრებთანაა",
  "replay.cubeBlack": "კუბი {value} შავებთანაა",
  "replay.ev.handStarted": "იწყება პარტია {hand}, ანგარიში {white}–{black}",
  "replay.ev.handStartedCrawford": "იწყება პარტია {hand}, ანგარიში {white}–{black}: კროუფორდის პარტია, კუბის გარეშე",
  "replay.ev.opening": "პირველი გაგორება {whiteDie}–{blackDie}: იწყებს {player}",
  "replay.ev.openingTie": "პირველი გაგორება {whiteDie}–{blackDie}: თანაბარია, ხელახლა აგორებენ",
  "replay.ev.rolled": "{player}: გაგორება {dice}",
  "replay.ev.played": "{player}: სვლა {play}",
  "replay.ev.burned": "{player}: გაგორება {dice}, სვლა არ არის — გაგორება იწვება",
  "replay.ev.doubled": "{player} აორმაგებს {value}-მდე",
  "replay.ev.taken": "{player} იღებს: კუბი {value}-ზეა",
  "replay.ev.dropped": "{player} უარს ამბობს",
  "replay.ev.won.oin": { one: "{player} იგებს პარტიას, ოინი: {count} ქულა", other: "{player} იგებს პარტიას, ოინი: {count} ქულა" },
  "replay.ev.won.mars": { one: "{player} იგებს პარტიას, მარსი: {count} ქულა", other: "{player} იგებს პარტიას, მარსი: {count} ქულა" },
  "replay.ev.won.koks": { one: "{player} იგებს პარტიას, კოქსი: {count} ქულა", other: "{player} იგებს პარტიას, კოქსი: {count} ქულა" },
  "replay.ev.resigned": "{player} ნებდება",
  "replay.ev.forfeited": "{player} დროულად არ დაბრუნდა და აგებს",
  "replay.ev.timedOut": "{player}: დრო ამოიწურა",
  "replay.ev.matchWon": "{player} იგებს მატჩს {white}–{black}",
  "replay.ev.matchAbandoned": "მატჩი შეწყდა, {white}–{black}",

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
