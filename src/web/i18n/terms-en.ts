/** English: the game's words, one spelling each (./terms.ts says how the patterns read). */
import type { Words } from "./terms";

export const EN: Words = {
  terms: {
    oin: { word: "oin", in: ["glossary.oin", "table.result.oin", "rules.oin"] },
    mars: { word: "mars", in: ["glossary.mars", "table.result.mars", "rules.mars"] },
    koks: { word: "koks", refused: ["kox", "cocks"], in: ["glossary.koks", "table.result.koks", "rules.long.koks", "rules.short.koks"] },
    cube: { word: "cube", in: ["glossary.cube", "rules.cube", "table.board.cube.*"] },
    crawford: { word: "Crawford", in: ["glossary.crawford", "rules.crawford"] },
    head: { word: "head", in: ["glossary.head"] },
    sixBlock: { word: "six-block", refused: ["sixblock", "six block"], in: ["glossary.sixBlock"] },
    burned: { word: "burn", in: ["glossary.burned"] },
    pip: { word: "pip", in: ["table.player.pips", "table.pips.*"] },
    point: { word: "point", in: ["table.board.point.*"] },
    checker: { word: "checker", refused: ["stone*", "chequer*"], in: ["table.board.point.white"] },
    hand: { word: "hand", in: ["table.score.hand", "table.moves.hand", "replay.hand"] },
    match: { word: "match", in: ["table.status.youWon", "rules.match"] },
  },
  informal: [],
};
