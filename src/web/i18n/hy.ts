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
