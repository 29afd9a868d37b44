/**
 * Armenian: the game's words, one spelling each (./terms.ts says how the patterns read). Կետ is a point of the
 * board, միավոր a match point, փիփ a pip of the race; պարտիա a hand, մրցախաղ a match; կրկնապատկման խորանարդ the
 * doubling cube (its die is never called զառ, which is a die of the roll).
 */
import type { Words } from "./terms";

export const HY: Words = {
  terms: {
    oin: { word: "օյին", refused: ["օյն*", "օին*", "օինն*"], in: ["glossary.oin", "table.result.oin", "rules.oin"] },
    mars: { word: "մարս", refused: ["մարշ*"], in: ["glossary.mars", "table.result.mars", "rules.mars", "rules.short.mars"] },
    koks: { word: "կոքս", refused: ["կոկս*", "քոքս*", "քոկս*"], in: ["glossary.koks", "table.result.koks", "table.koks", "table.noKoks", "rules.long.koks", "rules.short.koks"] },
    cube: { word: "խորանարդ", refused: ["կրկնապատկման զառ*", "զառով կրկնապատկ*"], in: ["glossary.cube", "rules.cube", "table.cube", "table.noCube", "table.board.cube.*", "table.score.cube*"] },
    crawford: { word: "Քրոուֆորդ", refused: ["Կրաուֆորդ*", "Քրաուֆորդ*", "Կրոուֆորդ*"], in: ["glossary.crawford", "rules.crawford", "table.score.crawford", "replay.crawford"] },
    head: { word: "գլ", in: ["glossary.head", "table.board.head.white", "table.board.head.black"] },
    sixBlock: { word: "վեցյակ պատնեշ", refused: ["վեցնոց*", "վեցյակ արգել*"], in: ["glossary.sixBlock"] },
    burned: { word: "այր", in: ["glossary.burned", "table.notice.burnedYou"] },
    roll: { word: "նետ", refused: ["գցում*"], in: ["glossary.burned", "table.notice.burnedYou"] },
    pip: { word: "փիփ", in: ["table.player.pips", "table.pips.*"] },
    matchPoint: { word: "միավոր", in: ["common.points", "rules.matchPoints", "lobby.open.row"] },
    point: { word: "կետ", refused: ["դաշտ*"], in: ["table.board.point.*", "rules.long.setup", "rules.bearOff", "glossary.head.meaning"] },
    bar: { word: "բար", in: ["table.board.bar.*", "rules.short.bar", "table.pick.bar"] },
    home: { word: "տ", in: ["rules.long.direction", "rules.short.bar", "table.legendMine"] },
    bearOff: { word: "հան", refused: ["դուրս բեր*"], in: ["rules.bearingOff", "rules.bearOff"] },
    checker: { word: "քար", refused: ["շաշկ*", "ֆիշկ*"], in: ["table.board.point.white", "table.board.point.black", "table.pick.back"] },
    hand: {
      word: "պարտիա",
      refused: ["խաղափուլ*"],
      in: ["table.score.hand", "table.moves.hand", "replay.hand", "replay.prevHand", "replay.nextHand", "table.log.handStarted", "table.log.handEnded", "rules.result", "table.score.crawford"],
    },
    match: { word: "մրցախաղ", in: ["lobby.open.row", "table.status.over", "table.status.youWon", "table.status.youLost", "table.end.title.won", "table.end.title.lost", "rules.match", "table.dialog.resign", "table.dialog.resignOk", "table.log.matchOver", "table.rulesetLabel", "table.score.line"] },
    opponent: { word: "մրցակ", refused: ["հակառակորդ*", "ախոյան*"], in: ["table.share.inviteText", "chat.mute"] },
    double: { word: "կրկնապատկ", in: ["table.turn.double", "table.turn.doubleOk", "table.dialog.take"] },
    take: { word: "ընդուն", in: ["table.turn.takeOk", "table.turn.take"] },
    drop: { word: "զիջ", refused: ["հրաժարվում"], in: ["table.turn.drop", "table.dialog.drop"] },
    resign: { word: "հանձն", in: ["table.turn.resign", "table.dialog.resignOk", "table.log.resigned"] },
    rating: { word: "վարկանիշ", in: ["players.col.rating", "lobby.rated"] },
    provisional: { word: "նախնական", in: ["players.provisional"] },
    coins: { word: "դոմինո մետաղադրամ", in: ["coins.historyTitle", "admin.players.coins", "coins.badgeTitle"] },
    stake: { word: "խաղադրույք", refused: ["դրույք*"], in: ["quick.stake", "coins.stakeLabel"] },
    quickMatch: { word: "արագ խաղ", refused: ["արագ մրցախաղ*", "արագ պարտիա*"], in: ["quick.error.session"] },
    invite: { word: "հրավ", in: ["table.share.inviteLabel", "errors.badInvite.title"] },
    spectator: { word: "դիտող", refused: ["հանդիսատես*"], in: ["errors.code.spectatorsDisabled", "chat.spectatorNote"] },
  },
  /**
   * Դուք, never դու: the informal pronoun's forms, the second person singular (-ես, -իր, the possessive -դ) of the
   * words the page uses, and the singular imperatives (polite: Խաղացե՛ք, Ընտրեք, Փորձեք). The polite pronoun is
   * capitalized wherever it stands (Դուք, Ձեր, Ձեզ: test/web/terms.test.ts).
   */
  informal: [
    // the pronoun
    "դու", "քո", "քեզ", "քեզնից", "քեզանից", "քեզ մոտ", "քոնն", "քոնը", "քոնը", "ինքդ", "քեզնով",
    // second person singular verbs and the possessive -դ
    "կարող ես", "չես", "ունես", "կկարողանաս", "կտեսնես", "խաղում ես", "հանում ես", "բողոքել ես", "գիտես", "ուզում ես", "ես խաղում",
    "բողոքդ", "նստաշրջանդ", "մրցակցիդ", "մուտքագրածդ", "ծանոթիդ", "անունդ", "հաշիվդ", "հերթդ",
    // singular imperatives
    "խաղա", "հանդիպիր", "ուղարկիր", "ստեղծիր", "խնդրիր", "գցիր", "ամրագրիր", "գործիր", "սպասիր", "փորձիր", "ընտրիր",
    "վերբեռնիր", "վերաբեռնիր", "թարմացրու", "ստուգիր", "նայիր", "գրիր", "մտիր", "սեղմիր", "միացիր", "տես", "տե՛ս", "ասա",
    "արա", "պատճենիր", "մուտքագրիր", "հաստատիր", "կրկնապատկիր", "ընդունիր", "զիջիր", "հանձնվիր", "մոռացիր",
  ],
};
