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
  "coins.amount": { one: "{count} մետաղադրամ", other: "{count} մետաղադրամ" },
  "coins.badgeTitle": "Ձեր դոմինո մետաղադրամները (խաղային փող)՝ հաշվեկշիռ և պատմություն",
  "coins.stakeLabel": "Խաղադրույք դոմինո մետաղադրամներով (դատարկ՝ առանց խաղադրույքի)",
  "coins.stakeHint": "{min}-ից {max} մետաղադրամ; յուրաքանչյուր խաղացողի խաղադրույքը պահվում է խաղի սկզբում, և հաղթողը վերցնում է երկուսն էլ։",
  "coins.stakeNeedsPlayer": "Խաղադրույքի համար անհրաժեշտ է խաղացողի սեսիա։",
  "coins.stakeListed": { one: "խաղադրույք {count} մետաղադրամ", other: "խաղադրույք {count} մետաղադրամ" },
  "coins.escrow": { one: "Ավանդում՝ {count} մետաղադրամ; հաղթողը կստանա {payout}։", other: "Ավանդում՝ {count} մետաղադրամ; հաղթողը կստանա {payout}։" },
  "coins.stakeWaiting": { one: "Խաղադրույք՝ {count} մետաղադրամ յուրաքանչյուր խաղացողից, պահվում է խաղի սկզբում։", other: "Խաղադրույք՝ {count} մետաղադրամ յուրաքանչյուր խաղացողից, պահվում է խաղի սկզբում։" },
  "coins.youWon": { one: "Դուք շահեցիք {count} մետաղադրամ։", other: "Դուք շահեցիք {count} մետաղադրամ։" },
  "coins.youLost": { one: "Դուք կորցրիք ձեր խաղադրույքը՝ {count} մետաղադրամ։", other: "Դուք կորցրիք ձեր խաղադրույքը՝ {count} մետաղադրամ։" },
  "coins.winnerGets": { one: "Հաղթողը ստանում է {count} մետաղադրամ։", other: "Հաղթողը ստանում է {count} մետաղադրամ։" },
  "coins.refunded": { one: "Հաղթող չկա՝ յուրաքանչյուր խաղացողին վերադարձվում է խաղադրույքը՝ {count} մետաղադրամ։", other: "Հաղթող չկա՝ յուրաքանչյուր խաղացողին վերադարձվում է խաղադրույքը՝ {count} մետաղադրամ։" },
  "coins.historyTitle": "Դոմինո մետաղադրամներ",
  "coins.yourBalance": { one: "Ձեր հաշվեկշիռը՝ {count} մետաղադրամ", other: "Ձեր հաշվեկշիռը՝ {count} մետաղադրամ" },
  "coins.settings": "Նոր խաղացողները ստանում են {grant}; օրը մեկ անգամ {below}-ից ցածր հաշվեկշիռը համալրվում է {topUp}-ով։ Խաղադրույքներ՝ {min}-ից {max}; հաստատության միջնորդավճար՝ {rake}%։",
  "coins.purpose.grant": "Սկզբնական նվեր",
  "coins.purpose.top-up": "Օրական համալրում",
  "coins.purpose.hold": "Խաղադրույքը պահված է",
  "coins.purpose.payout": "Շահում",
  "coins.purpose.rake": "Հաստատության միջնորդավճար",
  "coins.purpose.refund": "Խաղադրույքը վերադարձված է",
  "coins.noTransfers": "Փոխանցումներ դեռ չկան։",
  "coins.older": "Ավելի հին փոխանցումներ",
  "coins.atTable": "{id} սեղանի մոտ",
  "coins.loading": "Բեռնվում է…",
  "coins.needSession": "Դոմինո մետաղադրամները պատկանում են խաղացողին, իսկ այս էջը խաղացողի սեսիա չունի։",

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

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
