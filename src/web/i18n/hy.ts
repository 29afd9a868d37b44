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
  "dice.verify.title": "Զառերի ստուգում",
  "dice.verify.link": "Ստուգել զառերը",
  "dice.verify.explain": "Յուրաքանչյուր նետում այստեղ՝ ձեր դիտարկիչում, վերահաշվարկվում է սերվերի սերմից (ամրագրված առաջին նետումից առաջ և բացահայտված վերջում), երկու խաղացողների սերմերից և յուրաքանչյուր հրամանի հետ ուղարկված պատահական տվյալներից։",
  "dice.verify.loading": "Ստուգում ենք յուրաքանչյուր նետումը…",
  "dice.verify.ok": { one: "Այս խաղի {count} նետումը իսկական է. այն ճիշտ այն է, ինչ տալիս են սերմերը։", other: "Այս խաղի բոլոր {count} նետումները իսկական են. յուրաքանչյուրը ճիշտ այն է, ինչ տալիս են սերմերը։" },
  "dice.verify.mismatch": "{roll}-րդ նետումը չի համընկնում. սերմերը տալիս են {expected}, մատյանում՝ {got}։",
  "dice.verify.seedMismatch": "Բացահայտված սերվերի սերմը չի համապատասխանում սեղանը ստեղծելիս հրապարակված պարտավորությանը։",
  "dice.verify.notRevealed": "Այս խաղը դեռ չի ավարտվել։ Սերվերի սերմը բացահայտվում է նրա վերջին իրադարձությամբ. ստուգեք ավարտից հետո։",
  "dice.verify.noCommitment": "Այս սեղանը ստեղծվել է ազնիվ զառերից առաջ. նրա նետումները հնարավոր չէ ստուգել։",
  "dice.verify.badEvent": "Չհաջողվեց կարդալ խաղի մատյանը։",
  "dice.verify.notFound": "Այս նույնացուցիչով ոչ սեղան կա, ոչ էլ գրանցված խաղ։",
  "dice.verify.commitment": "Պարտավորություն (սերմի SHA-256)",
  "dice.verify.serverSeed": "Սերվերի սերմ",
  "dice.stats.title": "Զառերի վիճակագրություն",
  "dice.stats.link": "Զառերի վիճակագրություն",
  "dice.stats.sample": { one: "{count} նետում գրանցված խաղերում (առանց սկզբնական նետումների)։", other: "{count} նետում գրանցված խաղերում (առանց սկզբնական նետումների)։" },
  "dice.stats.loading": "Հաշվում ենք զառերը…",
  "dice.stats.none": "Գրանցված նետումներ դեռ չկան։",
  "dice.stats.faces": "Նիստեր",
  "dice.stats.face": "Նիստ",
  "dice.stats.count": "Քանակ",
  "dice.stats.expected": "Սպասվող",
  "dice.stats.doubles": "Դուբլներ",
  "dice.stats.doublesLine": "Դուբլներ՝ {doubles}, սպասվող՝ {expected}",
  "dice.stats.chiSquare": "χ² = {statistic}, ազատության աստիճաններ՝ {df}, p = {p}",
  "dice.stats.explain": "p-ն այն հավանականությունն է, որ ազնիվ զառերը սպասվող թվերից կշեղվեն առնվազն այդքան։ Փոքր արժեքներ պատահում են նաև պատահականորեն. հարյուր խաղացողից մոտ մեկի մոտ p-ն 0,01-ից փոքր է։",

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
