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
  "replay.open": "Повтор",
  "replay.loading": "Загрузка матча…",
  "replay.failed": "Не удалось загрузить матч ({reason}).",
  "replay.broken": "Запись матча не воспроизводится на событии {seq}: {reason}",
  "replay.private": "Этот стол не показывает матч зрителям: повтор доступен только его игрокам.",
  "replay.notFound": "Такого матча нет (или он не был записан).",
  "replay.refresh": "Загрузить новые ходы",
  "replay.notStarted": "Матч ещё не начался.",
  "replay.title": "Повтор: {white} – {black}",
  "replay.info": { one: "{preset} · матч до {count} очка", few: "{preset} · матч до {count} очков", many: "{preset} · матч до {count} очков", other: "{preset} · матч до {count} очка" },
  "replay.preset.georgian-short": "Грузинские короткие нарды",
  "replay.preset.backgammon": "Бэкгаммон",
  "replay.preset.federation-long": "Длинные нарды федерации",
  "replay.preset.armenian-long": "Армянские длинные нарды",
  "replay.first": "В начало",
  "replay.prevHand": "Предыдущая партия",
  "replay.prev": "Назад",
  "replay.next": "Вперёд",
  "replay.nextHand": "Следующая партия",
  "replay.last": "В конец",
  "replay.jump": "Перейти к позиции",
  "replay.position": "Позиция {index} из {total}",
  "replay.share": "Ссылка на эту позицию",
  "replay.download": "Скачать:",
  "replay.formatJson": "запись (JSON)",
  "replay.formatMat": "GNU Backgammon (.mat)",
  "replay.formatTxt": "простой текст",
  "replay.moves": "Ходы",
  "replay.score": "Счёт {white}–{black}",
  "replay.hand": "партия {hand}",
  "replay.crawford": "партия Кроуфорда",
  "replay.cubeMiddle": "куб {value} в центре",
  "replay.cubeWhite": "куб {value} у белых",
  "replay.cubeBlack": "куб {value} у чёрных",
  "replay.ev.handStarted": "Партия {hand} начинается, счёт {white}–{black}",
  "replay.ev.handStartedCrawford": "Партия {hand} начинается, счёт {white}–{black}: партия Кроуфорда, без куба",
  "replay.ev.opening": "Первый бросок {whiteDie}–{blackDie}: начинает {player}",
  "replay.ev.openingTie": "Первый бросок {whiteDie}–{blackDie}: поровну, бросают снова",
  "replay.ev.rolled": "{player}: бросок {dice}",
  "replay.ev.played": "{player}: ход {play}",
  "replay.ev.burned": "{player}: бросок {dice}, ходить нечем — бросок сгорает",
  "replay.ev.doubled": "{player} удваивает до {value}",
  "replay.ev.taken": "{player} принимает: куб на {value}",
  "replay.ev.dropped": "{player} отказывается",
  "replay.ev.won.oin": { one: "{player} выигрывает партию, оин: {count} очко", few: "{player} выигрывает партию, оин: {count} очка", many: "{player} выигрывает партию, оин: {count} очков", other: "{player} выигрывает партию, оин: {count} очка" },
  "replay.ev.won.mars": { one: "{player} выигрывает партию, марс: {count} очко", few: "{player} выигрывает партию, марс: {count} очка", many: "{player} выигрывает партию, марс: {count} очков", other: "{player} выигрывает партию, марс: {count} очка" },
  "replay.ev.won.koks": { one: "{player} выигрывает партию, кокс: {count} очко", few: "{player} выигрывает партию, кокс: {count} очка", many: "{player} выигрывает партию, кокс: {count} очков", other: "{player} выигрывает партию, кокс: {count} очка" },
  "replay.ev.resigned": "{player} сдаётся",
  "replay.ev.forfeited": "{player} не вернулся вовремя и проигрывает",
  "replay.ev.timedOut": "{player}: время вышло",
  "replay.ev.matchWon": "{player} выигрывает матч {white}–{black}",
  "replay.ev.matchAbandoned": "Матч прерван, {white}–{black}",

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
