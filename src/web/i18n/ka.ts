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

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
