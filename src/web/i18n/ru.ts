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

  // ── quick match (issue 11) ──
  "quick.title": "Играть сейчас",
  "quick.intro": "Соперник с близким к вашему рейтингом — за несколько секунд.",
  "quick.rules": "Правила",
  "quick.length": "Длина матча",
  "quick.clock": "Контроль времени",
  "quick.rated": "На рейтинг (меняет рейтинг обоих)",
  "quick.botAfter": "Предложить компьютер через",
  "quick.botAfter.never": "никогда",
  "quick.botAfter.seconds": { one: "{count} секунду", few: "{count} секунды", many: "{count} секунд", other: "{count} секунды" },
  "quick.play": "Играть сейчас",
  "quick.searching": "Ищем соперника… {elapsed}",
  "quick.waiting": {
    one: "С такими настройками ждёт {count} игрок",
    few: "С такими настройками ждут {count} игрока",
    many: "С такими настройками ждут {count} игроков",
    other: "С такими настройками ждут {count} игрока",
  },
  "quick.cancel": "Отмена",
  "quick.playBot": "Сыграть с компьютером",
  "quick.error.session": "Для быстрой игры нужен игрок: обновите страницу и попробуйте снова.",
  "quick.error.lost": "Соединение прервалось во время поиска соперника. Попробуйте снова.",
  "quick.error.expired": "За час соперник не нашёлся. Попробуйте снова.",
  "quick.error.other": "Быстрая игра не удалась ({code}).",
  "quick.preset.georgianShort": "Грузинские короткие нарды",
  "quick.preset.backgammon": "Бэкгаммон",
  "quick.preset.federationLong": "Длинные нарды (правила федерации)",
  "quick.preset.armenianLong": "Армянские длинные нарды",
  "quick.clock.blitz": "Блиц",
  "quick.clock.standard": "Стандартный",
  "quick.clock.correspondence": "Заочный (сутки на ход)",
  "quick.clock.untimed": "Без ограничения",

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
