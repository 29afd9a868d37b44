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

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
