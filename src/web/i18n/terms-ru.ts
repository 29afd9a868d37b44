/** Russian: the game's words, one spelling each (./terms.ts says how the patterns read). */
import type { Words } from "./terms";

export const RU: Words = {
  terms: {
    oin: { word: "оин", refused: ["ойн*", "оинс*"], in: ["glossary.oin", "table.result.oin", "rules.oin"] },
    mars: { word: "марс", in: ["glossary.mars", "table.result.mars", "rules.mars"] },
    koks: { word: "кокс", refused: ["кокос*", "кох*"], in: ["glossary.koks", "table.result.koks", "rules.long.koks", "rules.short.koks"] },
    cube: { word: "куб", refused: ["кубик*"], in: ["glossary.cube", "rules.cube", "table.board.cube.*"] },
    crawford: { word: "Кроуфорд", refused: ["Крауфорд*", "Крофорд*"], in: ["glossary.crawford", "rules.crawford"] },
    head: { word: "голов", in: ["glossary.head"] },
    sixBlock: { word: "блок* из шести", in: ["glossary.sixBlock"] },
    burned: { word: "сгор", in: ["glossary.burned"] },
    pip: { word: "пипс", in: ["table.player.pips", "table.pips.*"] },
    matchPoint: { word: "очк", in: ["rules.matchPoints"] },
    point: { word: "пункт", refused: ["лунк*", "клетк*"], in: ["table.board.point.*"] },
    checker: { word: "шаш", refused: ["фишк*"], in: ["table.board.point.white"] },
    hand: { word: "парти", in: ["table.score.hand", "table.moves.hand", "replay.hand"] },
    match: { word: "матч", in: ["table.status.youWon", "rules.match"] },
    opponent: { word: "соперник", refused: ["противник*", "оппонент*"], in: ["table.share.inviteText"] },
  },
  /** Вы, never ты. */
  informal: ["ты", "тебя", "тебе", "тобой", "твой", "твоя", "твоё", "твое", "твои", "твоего", "твоей", "твоих", "твоим"],
};
