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
  "dice.verify.title": "Проверка костей",
  "dice.verify.link": "Проверить кости",
  "dice.verify.explain": "Каждый бросок пересчитывается здесь, в вашем браузере, из зерна сервера (зафиксированного до первого броска и раскрытого в конце), зёрен обоих игроков и случайных данных, отправленных с каждой командой.",
  "dice.verify.loading": "Проверяем каждый бросок…",
  "dice.verify.ok": { one: "{count} бросок этого матча проверен: он в точности такой, какой дают зёрна.", few: "{count} броска этого матча проверены: каждый в точности такой, какой дают зёрна.", many: "{count} бросков этого матча проверены: каждый в точности такой, какой дают зёрна.", other: "{count} броска этого матча проверены: каждый в точности такой, какой дают зёрна." },
  "dice.verify.mismatch": "Бросок {roll} не совпадает: зёрна дают {expected}, в журнале {got}.",
  "dice.verify.seedMismatch": "Раскрытое зерно сервера не совпадает с обязательством, опубликованным при создании стола.",
  "dice.verify.notRevealed": "Матч ещё не окончен. Зерно сервера раскрывается последним событием матча: проверьте, когда он закончится.",
  "dice.verify.noCommitment": "Этот стол создан до появления честных костей: его броски проверить нельзя.",
  "dice.verify.badEvent": "Не удалось прочитать журнал матча.",
  "dice.verify.notFound": "Нет ни стола, ни записанного матча с таким идентификатором.",
  "dice.verify.commitment": "Обязательство (SHA-256 зерна)",
  "dice.verify.serverSeed": "Зерно сервера",
  "dice.stats.title": "Статистика костей",
  "dice.stats.link": "Статистика костей",
  "dice.stats.sample": { one: "{count} бросок в записанных матчах (без первых бросков партий).", few: "{count} броска в записанных матчах (без первых бросков партий).", many: "{count} бросков в записанных матчах (без первых бросков партий).", other: "{count} броска в записанных матчах (без первых бросков партий)." },
  "dice.stats.loading": "Считаем кости…",
  "dice.stats.none": "Записанных бросков пока нет.",
  "dice.stats.faces": "Грани",
  "dice.stats.face": "Грань",
  "dice.stats.count": "Выпало",
  "dice.stats.expected": "Ожидалось",
  "dice.stats.doubles": "Дубли",
  "dice.stats.doublesLine": "Дублей: {doubles}, ожидалось {expected}",
  "dice.stats.chiSquare": "χ² = {statistic}, степеней свободы {df}, p = {p}",
  "dice.stats.explain": "p — вероятность того, что честные кости отклонятся от ожидаемых чисел хотя бы так же сильно. Малые значения тоже бывают случайно: примерно у одного игрока из ста p меньше 0,01.",

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
