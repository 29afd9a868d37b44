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
