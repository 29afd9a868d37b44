import type { Catalogue } from "./types";

/** Armenian. Keys and placeholders as in ./en.ts. */
export const hy: Catalogue = {
  // ── common ──
  "app.name": "Նարդի",
  "common.backToLobby": "Վերադառնալ սրահ",
  "common.points": { one: "{count} միավոր", other: "{count} միավոր" },

  // ── lobby ──

  // ── table (the play screen) ──

  // ── players, profiles, leaderboards ──

  // ── coins (issue 10) ──

  // ── quick match (issue 11) ──
  "quick.title": "Խաղալ հիմա",
  "quick.intro": "Ձեր վարկանիշին մոտ մրցակից՝ մի քանի վայրկյանում։",
  "quick.rules": "Կանոններ",
  "quick.length": "Խաղի երկարություն",
  "quick.clock": "Ժամանակի վերահսկում",
  "quick.rated": "Վարկանիշային (փոխում է երկուսի վարկանիշը)",
  "quick.botAfter": "Առաջարկել համակարգիչը",
  "quick.botAfter.never": "երբեք",
  "quick.botAfter.seconds": { one: "{count} վայրկյան անց", other: "{count} վայրկյան անց" },
  "quick.play": "Խաղալ հիմա",
  "quick.searching": "Մրցակից ենք փնտրում… {elapsed}",
  "quick.waiting": { one: "Այս ընտրությամբ սպասում է {count} խաղացող", other: "Այս ընտրությամբ սպասում է {count} խաղացող" },
  "quick.cancel": "Չեղարկել",
  "quick.playBot": "Խաղալ համակարգչի դեմ",
  "quick.error.session": "Արագ խաղի համար խաղացող է պետք․ թարմացրեք էջը և նորից փորձեք։",
  "quick.error.lost": "Մրցակցին փնտրելիս կապը խզվեց։ Նորից փորձեք։",
  "quick.error.expired": "Մեկ ժամում մրցակից չգտնվեց։ Նորից փորձեք։",
  "quick.error.other": "Արագ խաղը չստացվեց ({code})։",
  "quick.preset.georgianShort": "Վրացական կարճ նարդի",
  "quick.preset.backgammon": "Բեքգեմոն",
  "quick.preset.federationLong": "Երկար նարդի (ֆեդերացիայի կանոններ)",
  "quick.preset.armenianLong": "Հայկական երկար նարդի",
  "quick.clock.blitz": "Բլից",
  "quick.clock.standard": "Ստանդարտ",
  "quick.clock.correspondence": "Հեռակա (օր մեկ քայլի համար)",
  "quick.clock.untimed": "Առանց ժամանակի",

  // ── replays and exports (issue 12) ──

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
