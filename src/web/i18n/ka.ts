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
