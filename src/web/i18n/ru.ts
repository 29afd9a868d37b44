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

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
