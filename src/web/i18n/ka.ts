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
  "dice.verify.title": "კამათლის შემოწმება",
  "dice.verify.link": "კამათლის შემოწმება",
  "dice.verify.explain": "ყოველი გაგორება აქ, თქვენს ბრაუზერში, თავიდან გამოითვლება სერვერის მარცვლიდან (პირველ გაგორებამდე დადასტურებული და ბოლოს გამჟღავნებული), ორივე მოთამაშის მარცვლიდან და ყოველ ბრძანებასთან გაგზავნილი შემთხვევითი მონაცემებიდან.",
  "dice.verify.loading": "ვამოწმებთ ყოველ გაგორებას…",
  "dice.verify.ok": { one: "ამ მატჩის {count} გაგორება ნამდვილია: ზუსტად ისაა, რასაც მარცვლები იძლევა.", other: "ამ მატჩის ყველა {count} გაგორება ნამდვილია: თითოეული ზუსტად ისაა, რასაც მარცვლები იძლევა." },
  "dice.verify.mismatch": "გაგორება {roll} არ ემთხვევა: მარცვლები იძლევა {expected}, ჟურნალში კი არის {got}.",
  "dice.verify.seedMismatch": "გამჟღავნებული სერვერის მარცვალი არ ემთხვევა მაგიდის შექმნისას გამოქვეყნებულ ვალდებულებას.",
  "dice.verify.notRevealed": "მატჩი ჯერ არ დასრულებულა. სერვერის მარცვალი მისი ბოლო მოვლენით მჟღავნდება: შეამოწმეთ დასრულების შემდეგ.",
  "dice.verify.noCommitment": "ეს მაგიდა სამართლიან კამათლებამდე შეიქმნა: მისი გაგორებების შემოწმება შეუძლებელია.",
  "dice.verify.badEvent": "მატჩის ჟურნალის წაკითხვა ვერ მოხერხდა.",
  "dice.verify.notFound": "ამ იდენტიფიკატორით არც მაგიდა არსებობს და არც ჩაწერილი მატჩი.",
  "dice.verify.commitment": "ვალდებულება (მარცვლის SHA-256)",
  "dice.verify.serverSeed": "სერვერის მარცვალი",
  "dice.stats.title": "კამათლის სტატისტიკა",
  "dice.stats.link": "კამათლის სტატისტიკა",
  "dice.stats.sample": { one: "{count} გაგორება ჩაწერილ მატჩებში (საწყისი გაგორებების გარეშე).", other: "{count} გაგორება ჩაწერილ მატჩებში (საწყისი გაგორებების გარეშე)." },
  "dice.stats.loading": "ვითვლით კამათლებს…",
  "dice.stats.none": "ჩაწერილი გაგორებები ჯერ არ არის.",
  "dice.stats.faces": "წახნაგები",
  "dice.stats.face": "წახნაგი",
  "dice.stats.count": "რაოდენობა",
  "dice.stats.expected": "მოსალოდნელი",
  "dice.stats.doubles": "დუბლები",
  "dice.stats.doublesLine": "დუბლები: {doubles}, მოსალოდნელი {expected}",
  "dice.stats.chiSquare": "χ² = {statistic}, თავისუფლების ხარისხი {df}, p = {p}",
  "dice.stats.explain": "p არის ალბათობა, რომ სამართლიანი კამათელი მოსალოდნელ რიცხვებს ამდენად მაინც გადაუხვევს. მცირე მნიშვნელობები შემთხვევითაც ხდება: ას მოთამაშიდან დაახლოებით ერთს p 0,01-ზე ნაკლები აქვს.",

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
