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
  "replay.open": "Վերադիտում",
  "replay.loading": "Մրցախաղը բեռնվում է…",
  "replay.failed": "Չհաջողվեց բեռնել մրցախաղը ({reason})։",
  "replay.broken": "Մրցախաղի գրառումը չի վերարտադրվում {seq} իրադարձության վրա՝ {reason}",
  "replay.private": "Այս սեղանը մրցախաղը հանդիսատեսներին ցույց չի տալիս․ վերադիտել կարող են միայն նրա խաղացողները։",
  "replay.notFound": "Նման մրցախաղ չկա (կամ այն չի գրանցվել)։",
  "replay.refresh": "Բեռնել նոր քայլերը",
  "replay.notStarted": "Մրցախաղը դեռ չի սկսվել։",
  "replay.title": "Վերադիտում՝ {white} – {black}",
  "replay.info": { one: "{preset} · մրցախաղ մինչև {count} միավոր", other: "{preset} · մրցախաղ մինչև {count} միավոր" },
  "replay.preset.georgian-short": "Վրացական կարճ նարդի",
  "replay.preset.backgammon": "Բեքգեմոն",
  "replay.preset.federation-long": "Ֆեդերացիայի երկար նարդի",
  "replay.preset.armenian-long": "Հայկական երկար նարդի",
  "replay.first": "Սկիզբ",
  "replay.prevHand": "Նախորդ պարտիա",
  "replay.prev": "Հետ",
  "replay.next": "Առաջ",
  "replay.nextHand": "Հաջորդ պարտիա",
  "replay.last": "Վերջ",
  "replay.jump": "Անցնել դիրքի",
  "replay.position": "Դիրք {index}՝ {total}-ից",
  "replay.share": "Հղում այս դիրքին",
  "replay.download": "Ներբեռնել՝",
  "replay.formatJson": "գրառում (JSON)",
  "replay.formatMat": "GNU Backgammon (.mat)",
  "replay.formatTxt": "պարզ տեքստ",
  "replay.moves": "Քայլեր",
  "replay.score": "Հաշիվ {white}–{black}",
  "replay.hand": "պարտիա {hand}",
  "replay.crawford": "Քրոուֆորդի պարտիա",
  "replay.cubeMiddle": "խորանարդ {value}՝ մեջտեղում",
  "replay.cubeWhite": "խորանարդ {value}՝ սպիտակների մոտ",
  "replay.cubeBlack": "խորանարդ {value}՝ սևերի մոտ",
  "replay.ev.handStarted": "Սկսվում է պարտիա {hand}, հաշիվ {white}–{black}",
  "replay.ev.handStartedCrawford": "Սկսվում է պարտիա {hand}, հաշիվ {white}–{black}՝ Քրոուֆորդի պարտիա, առանց խորանարդի",
  "replay.ev.opening": "Առաջին նետում {whiteDie}–{blackDie}՝ սկսում է {player}",
  "replay.ev.openingTie": "Առաջին նետում {whiteDie}–{blackDie}՝ հավասար է, նետում են նորից",
  "replay.ev.rolled": "{player}՝ նետում {dice}",
  "replay.ev.played": "{player}՝ քայլ {play}",
  "replay.ev.burned": "{player}՝ նետում {dice}, քայլ չկա, նետումն այրվում է",
  "replay.ev.doubled": "{player} կրկնապատկում է մինչև {value}",
  "replay.ev.taken": "{player} ընդունում է՝ խորանարդը {value} է",
  "replay.ev.dropped": "{player} հրաժարվում է",
  "replay.ev.won.oin": { one: "{player} հաղթում է պարտիան, օյին՝ {count} միավոր", other: "{player} հաղթում է պարտիան, օյին՝ {count} միավոր" },
  "replay.ev.won.mars": { one: "{player} հաղթում է պարտիան, մարս՝ {count} միավոր", other: "{player} հաղթում է պարտիան, մարս՝ {count} միավոր" },
  "replay.ev.won.koks": { one: "{player} հաղթում է պարտիան, կոկս՝ {count} միավոր", other: "{player} հաղթում է պարտիան, կոկս՝ {count} միավոր" },
  "replay.ev.resigned": "{player} հանձնվում է",
  "replay.ev.forfeited": "{player} ժամանակին չվերադարձավ և պարտվում է",
  "replay.ev.timedOut": "{player}՝ ժամանակը սպառվեց",
  "replay.ev.matchWon": "{player} հաղթում է մրցախաղը {white}–{black}",
  "replay.ev.matchAbandoned": "Մրցախաղն ընդհատվեց, {white}–{black}",

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
