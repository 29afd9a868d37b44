/**
 * Georgian: the game's words, one spelling each (./terms.ts says how the patterns read). The federation's words
 * where it has one: ხელი for a hand, ქვა for a checker, გაგორება for a roll; ქულა is a match point, პიპი a pip of
 * the race, პუნქტი a point of the board.
 */
import type { Words } from "./terms";

export const KA: Words = {
  terms: {
    oin: { word: "ოინ", refused: ["ოჲნ*", "ოიინ*"], in: ["glossary.oin", "table.result.oin", "rules.oin"] },
    mars: { word: "მარს", refused: ["მარშ*"], in: ["glossary.mars", "table.result.mars", "rules.mars", "rules.short.mars"] },
    koks: { word: "კოქს", refused: ["კოკს*", "ქოქს*", "ქოკს*"], in: ["glossary.koks", "table.result.koks", "table.koks", "table.noKoks", "rules.long.koks", "rules.short.koks"] },
    cube: { word: "კუბ", refused: ["კუბიკ*", "გაორმაგების კამათ*"], in: ["glossary.cube", "rules.cube", "table.cube", "table.noCube", "table.board.cube.*", "table.score.cube*"] },
    crawford: { word: "კროუფორდ", refused: ["კრაუფორდ*", "კროფორდ*"], in: ["glossary.crawford", "rules.crawford", "table.score.crawford", "replay.crawford"] },
    head: { word: "თავ", in: ["glossary.head", "table.board.head.white", "table.board.head.black"] },
    sixBlock: { word: "ექვსიანი ბლოკ", refused: ["ექვსეულ*", "ექვსიანი ზღუდ*"], in: ["glossary.sixBlock"] },
    burned: { word: "დამწვარ", in: ["glossary.burned"] },
    roll: { word: "გაგორებ", refused: ["სროლ*", "სროლით"], in: ["glossary.burned", "table.notice.burnedYou"] },
    pip: { word: "პიპ", in: ["table.player.pips", "table.pips.*"] },
    matchPoint: { word: "ქულ", in: ["common.points", "rules.matchPoints", "lobby.open.row"] },
    point: {
      word: "პუნქტ",
      refused: ["ველი", "ველს", "ველზე", "ველიდან", "ველისკენ", "ველები", "ველებს", "ველებზე", "უჯრა", "უჯრაზე", "უჯრიდან", "უჯრები"],
      in: ["table.board.point.*", "rules.long.setup", "rules.bearOff", "glossary.head.meaning"],
    },
    bar: { word: "ბარ", refused: ["ბორტ*"], in: ["table.board.bar.*", "rules.short.bar", "table.pick.bar"] },
    home: { word: "სახლ", in: ["rules.long.direction", "rules.short.bar", "table.legendMine"] },
    bearOff: { word: "გა", refused: ["გაყვან*", "ამოყვან*", "გამოყვან*"], in: ["rules.bearingOff"] },
    checker: { word: "ქვ", refused: ["შაშ*", "ფიშკ*"], in: ["table.board.point.white", "table.board.point.black", "table.pick.back"] },
    hand: {
      word: "ხელ",
      refused: ["პარტი*"],
      in: ["table.score.hand", "table.moves.hand", "replay.hand", "replay.prevHand", "replay.nextHand", "table.log.handStarted", "table.log.handEnded", "rules.result", "table.score.crawford"],
    },
    match: { word: "მატჩ", in: ["lobby.open.row", "table.status.over", "table.status.youWon", "table.status.youLost", "table.end.title.won", "table.end.title.lost", "rules.match", "table.dialog.resign", "table.dialog.resignOk"] },
    opponent: { word: "მეტოქ", refused: ["მოწინააღმდეგ*", "ოპონენტ*"], in: ["table.share.inviteText", "chat.mute"] },
    double: { word: "გაორმაგ", in: ["table.turn.double", "table.turn.doubleOk", "table.dialog.take"] },
    take: { word: "მიღებ", in: ["table.turn.takeOk", "table.turn.take"] },
    drop: { word: "დათმ", refused: ["უარს ამბობს", "უარის თქმა"], in: ["table.turn.drop", "table.dialog.drop"] },
    resign: { word: "დანებ", refused: ["ჩაბარებ*"], in: ["table.turn.resign", "table.dialog.resignOk", "table.log.resigned"] },
    rating: { word: "რეიტინგ", in: ["players.col.rating", "lobby.rated"] },
    provisional: { word: "წინასწარ", in: ["players.provisional"] },
    coins: { word: "დომინოს მონეტ", in: ["coins.historyTitle", "admin.players.coins", "coins.badgeTitle"] },
    stake: { word: "ფსონ", refused: ["განაკვეთ*"], in: ["quick.stake", "coins.stakeLabel"] },
    quickMatch: { word: "სწრაფ* თამაშ", refused: ["სწრაფი პარტი*", "სწრაფი მატჩ*"], in: ["quick.error.session"] },
    invite: { word: "მოსაწვევ", in: ["table.share.inviteLabel", "errors.badInvite.title"] },
    spectator: { word: "მაყურებ", refused: ["დამკვირვებ*"], in: ["errors.code.spectatorsDisabled", "chat.spectatorNote"] },
  },
  /**
   * თქვენ, never შენ: the informal pronoun's forms, the second person singular of the verbs the page uses
   * (polite: ითამაშეთ, გაქვთ, შეგიძლიათ, ...), and the singular imperatives.
   */
  informal: [
    // the pronoun (not შენახვა, შენიშვნა: whole words only)
    "შენ", "შენი", "შენს", "შენმა", "შენით", "შენად", "შენთვის", "შენზე", "შენგან", "შენთან", "შენში", "შენია", "შენიც", "შენებს",
    // verbs addressing one person informally
    "გაქვს", "გინდა", "გსურს", "შეგიძლია", "ხარ", "იცი", "თამაშობ", "გეპატიჟება", "გმადლობ", "გილოცავ", "გიჩივლია",
    "გაიტან", "ითამაშო", "დაწერო", "შესთავაზო", "გაგზავნი", "შეუერთდები", "შეძლებ", "მიატოვე", "დაგრჩა", "აგებ", "იგებ",
    // singular imperatives
    "ითამაშე", "შეხვდი", "გაუგზავნე", "შექმენი", "სთხოვე", "აირჩიე", "სცადე", "განაახლე", "გადატვირთე", "შეამოწმე",
    "დაიმკვიდრე", "შედი", "დახედე", "მოიცადე", "დაწერე", "იხილე", "გააგორე", "დაივიწყე", "შეიყვანე", "დაელოდე", "ნახე",
    "დააჭირე", "ჩართე", "გამორთე", "დააკოპირე", "შეინახე", "გადადი", "დაბრუნდი", "დაჯექი", "გააორმაგე", "დაადასტურე",
    "გააუქმე", "მიიღე", "დათმე", "დანებდი", "გაიარე",
  ],
};
