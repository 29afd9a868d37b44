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
  "quick.title": "ითამაშე ახლა",
  "quick.intro": "მეტოქე შენი მსგავსი რეიტინგით — რამდენიმე წამში.",
  "quick.rules": "წესები",
  "quick.length": "მატჩის სიგრძე",
  "quick.clock": "დროის კონტროლი",
  "quick.rated": "სარეიტინგო (ორივეს რეიტინგი იცვლება)",
  "quick.botAfter": "კომპიუტერის შეთავაზება",
  "quick.botAfter.never": "არასდროს",
  "quick.botAfter.seconds": { one: "{count} წამის შემდეგ", other: "{count} წამის შემდეგ" },
  "quick.play": "ითამაშე ახლა",
  "quick.searching": "ვეძებთ მეტოქეს… {elapsed}",
  "quick.waiting": { one: "ამ პარამეტრებით ელოდება {count} მოთამაშე", other: "ამ პარამეტრებით ელოდება {count} მოთამაშე" },
  "quick.cancel": "გაუქმება",
  "quick.playBot": "ითამაშე კომპიუტერთან",
  "quick.error.session": "სწრაფ თამაშს მოთამაშე სჭირდება: განაახლე გვერდი და სცადე ხელახლა.",
  "quick.error.lost": "მეტოქის ძებნისას კავშირი გაწყდა. სცადე ხელახლა.",
  "quick.error.expired": "ერთ საათში მეტოქე ვერ მოიძებნა. სცადე ხელახლა.",
  "quick.error.other": "სწრაფი თამაში ვერ შედგა ({code}).",
  "quick.preset.georgianShort": "ქართული მოკლე ნარდი",
  "quick.preset.backgammon": "ბექგემონი",
  "quick.preset.federationLong": "გრძელი ნარდი (ფედერაციის წესები)",
  "quick.preset.armenianLong": "სომხური გრძელი ნარდი",
  "quick.clock.blitz": "ბლიცი",
  "quick.clock.standard": "სტანდარტული",
  "quick.clock.correspondence": "დაუსწრებელი (დღე ერთ სვლაზე)",
  "quick.clock.untimed": "დროის გარეშე",

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
