import type { Catalogue } from "./types";

/** Russian. Keys and placeholders as in ./en.ts. */
export const ru: Catalogue = {
  // ── common ──
  "app.name": "Нарды",
  "common.backToLobby": "Вернуться в лобби",
  "common.points": { one: "{count} очко", few: "{count} очка", many: "{count} очков", other: "{count} очка" },

  // ── lobby ──

  // ── table (the play screen) ──

  // ── players, profiles, leaderboards ──

  // ── coins (issue 10) ──
  "coins.amount": { one: "{count} монета", few: "{count} монеты", many: "{count} монет", other: "{count} монеты" },
  "coins.badgeTitle": "Ваши домино-монеты (игровые деньги): баланс и история",
  "coins.stakeLabel": "Ставка в домино-монетах (пусто: без ставки)",
  "coins.stakeHint": "От {min} до {max} монет; ставка каждого игрока удерживается в начале матча, победитель забирает обе.",
  "coins.stakeNeedsPlayer": "Для ставок нужна сессия игрока.",
  "coins.stakeListed": { one: "ставка {count} монета", few: "ставка {count} монеты", many: "ставка {count} монет", other: "ставка {count} монеты" },
  "coins.escrow": {
    one: "На депозите: {count} монета; победитель получит {payout}.",
    few: "На депозите: {count} монеты; победитель получит {payout}.",
    many: "На депозите: {count} монет; победитель получит {payout}.",
    other: "На депозите: {count} монеты; победитель получит {payout}.",
  },
  "coins.stakeWaiting": {
    one: "Ставка: {count} монета с каждого игрока, удерживается в начале матча.",
    few: "Ставка: {count} монеты с каждого игрока, удерживается в начале матча.",
    many: "Ставка: {count} монет с каждого игрока, удерживается в начале матча.",
    other: "Ставка: {count} монеты с каждого игрока, удерживается в начале матча.",
  },
  "coins.youWon": { one: "Вы выиграли {count} монету.", few: "Вы выиграли {count} монеты.", many: "Вы выиграли {count} монет.", other: "Вы выиграли {count} монеты." },
  "coins.youLost": { one: "Вы проиграли ставку: {count} монета.", few: "Вы проиграли ставку: {count} монеты.", many: "Вы проиграли ставку: {count} монет.", other: "Вы проиграли ставку: {count} монеты." },
  "coins.winnerGets": { one: "Победитель получает {count} монету.", few: "Победитель получает {count} монеты.", many: "Победитель получает {count} монет.", other: "Победитель получает {count} монеты." },
  "coins.refunded": {
    one: "Победителя нет: каждому игроку возвращается ставка — {count} монета.",
    few: "Победителя нет: каждому игроку возвращается ставка — {count} монеты.",
    many: "Победителя нет: каждому игроку возвращается ставка — {count} монет.",
    other: "Победителя нет: каждому игроку возвращается ставка — {count} монеты.",
  },
  "coins.historyTitle": "Домино-монеты",
  "coins.yourBalance": { one: "Ваш баланс: {count} монета", few: "Ваш баланс: {count} монеты", many: "Ваш баланс: {count} монет", other: "Ваш баланс: {count} монеты" },
  "coins.settings": "Новые игроки получают {grant}; раз в день баланс ниже {below} пополняется на {topUp}. Ставки от {min} до {max}; комиссия заведения {rake}%.",
  "coins.purpose.grant": "Стартовый бонус",
  "coins.purpose.top-up": "Ежедневное пополнение",
  "coins.purpose.hold": "Ставка удержана",
  "coins.purpose.payout": "Выигрыш",
  "coins.purpose.rake": "Комиссия заведения",
  "coins.purpose.refund": "Ставка возвращена",
  "coins.noTransfers": "Переводов пока нет.",
  "coins.older": "Более ранние переводы",
  "coins.atTable": "за столом {id}",
  "coins.loading": "Загрузка…",
  "coins.needSession": "Домино-монеты принадлежат игроку, а у этой страницы нет сессии игрока.",

  // ── quick match (issue 11) ──

  // ── replays and exports (issue 12) ──

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
