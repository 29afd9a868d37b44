/**
 * The one narrator of a match: a readable line for every event, hand result and match result, in the page's
 * language. The live table's log, banners and announcements and the replay viewer all tell the story here, with
 * one set of sentences; they differ only in how a side is named (`who`: "White" at the table, the players' names
 * in the replay).
 */
import { opponent } from "../engine/position";
import type { Side } from "../engine/types";
import type { LoggedEvent, TableOrMatchEvent, TableView } from "../protocol";
import { t, type MessageKey } from "./i18n";
import { displayName, presetName } from "./names";

export const sideName = (side: Side): string => t(side === "white" ? "table.side.white" : "table.side.black");

/** A player's name, saying it is the computer when the name does not already. */
export function playerLabel(name: string, kind: "human" | "bot", botLevel: string | null): string {
  const shown = displayName(name);
  if (shown !== name) return shown; // the server's bot name, in the page's language
  return kind === "bot" && !/bot|computer/i.test(name) ? t("table.player.computer", { name, level: botLevelName(botLevel) }) : name;
}

const BOT_LEVELS: Record<string, MessageKey> = {
  beginner: "table.bot.beginner",
  intermediate: "table.bot.intermediate",
  expert: "table.bot.expert",
  random: "table.bot.random",
};

/** A computer opponent's level in words. */
export function botLevelName(level: string | null): string {
  const key = level === null ? undefined : BOT_LEVELS[level];
  return key ? t(key) : (level ?? "");
}

export function points(n: number): string {
  return t("common.points", { count: n });
}

const dice = (d: readonly [number, number]) => `${d[0]}-${d[1]}`;

/** How a narrator names a side. */
export type Who = (side: Side) => string;

export function describeEvent(e: TableOrMatchEvent, who: Who = sideName): string | null {
  switch (e.type) {
    case "table-created":
      return t("table.log.tableCreated", { preset: presetName(e.ruleset.preset), points: points(e.length) });
    case "player-joined":
      return t("table.log.joined", { side: who(e.seat), name: playerLabel(e.name, e.kind, e.botLevel) });
    case "player-connected":
      return t("table.log.connected", { side: who(e.seat) });
    case "player-disconnected":
      return t("table.log.disconnected", { side: who(e.seat) });
    case "player-renamed":
      return t("table.log.renamed", { side: who(e.seat), name: e.name });
    case "auto-roll":
      return null; // a seat's setting: its `players.*.autoRoll` shows it, the log need not
    case "hand-started":
      return t(e.crawford ? "table.log.handStartedCrawford" : "table.log.handStarted", { hand: e.hand, white: e.score.white, black: e.score.black });
    case "opening-roll":
      return e.starter
        ? t("table.log.openingRoll", { white: e.white, black: e.black, side: who(e.starter) })
        : t("table.log.openingTie", { white: e.white, black: e.black });
    case "rolled":
      return t(e.auto ? "table.log.rolledAuto" : "table.log.rolled", { side: who(e.side), dice: dice(e.dice) });
    case "played":
      return e.notation === ""
        ? t("table.log.playedNothing", { side: who(e.side) })
        : t(e.forced ? "table.log.playedForced" : "table.log.played", { side: who(e.side), play: e.notation });
    case "burned":
      return t("table.log.burned", { side: who(e.side), dice: dice(e.dice) });
    case "doubled":
      return t("table.log.doubled", { side: who(e.side), value: e.value });
    case "taken":
      return t("table.log.taken", { side: who(e.side), value: e.value });
    case "dropped":
      return t("table.log.dropped", { side: who(e.side) });
    case "hand-ended":
      return handResultText(e, who);
    case "resign-offered":
      return t("table.log.resignOffered", { side: who(e.side), level: resignLevelName(e.level), points: points(e.value) });
    case "resign-accepted":
      return t("table.log.resignAccepted", { side: who(e.side), level: resignLevelName(e.level) });
    case "resign-rejected":
      return t("table.log.resignRejected", { side: who(e.side) });
    case "resigned":
      return t("table.log.resigned", { side: who(e.side) });
    case "forfeited":
      return t("table.log.forfeited", { side: who(e.side) });
    case "timed-out":
      return t("table.log.timedOut", { side: who(e.side) });
    case "match-ended":
      return matchResultText(e, who);
  }
}

const RESIGN_LEVEL_KEYS: Record<string, MessageKey> = {
  single: "table.resign.level.single",
  gammon: "table.resign.level.gammon",
  backgammon: "table.resign.level.backgammon",
};

/** A resignation offer's level by its name in the page's language (single/oin, gammon/mars, backgammon/koks). */
export function resignLevelName(level: string): string {
  const key = RESIGN_LEVEL_KEYS[level];
  return key ? t(key) : level;
}

const RESULT_KEYS: Record<string, MessageKey> = { oin: "table.result.oin", mars: "table.result.mars", koks: "table.result.koks" };

export function handResultText(e: Extract<TableOrMatchEvent, { type: "hand-ended" }>, who: Who = sideName): string {
  const kind = RESULT_KEYS[e.result.kind] ? t(RESULT_KEYS[e.result.kind]!) : e.result.kind;
  const params = { hand: e.hand, side: who(e.winner), kind, points: points(e.result.points), cube: e.cube, total: points(e.value), white: e.score.white, black: e.score.black };
  return t(e.cube > 1 ? "table.log.handEndedCube" : "table.log.handEnded", params);
}

export function matchResultText(e: Extract<TableOrMatchEvent, { type: "match-ended" }>, who: Who = sideName): string {
  const score = { white: e.score.white, black: e.score.black };
  if (e.reason === "closed") return t("table.log.matchClosed", score);
  if (e.winner === null) return t("table.log.matchAbandoned", score);
  const loser = who(opponent(e.winner));
  const key: MessageKey =
    e.reason === "resign" ? "table.log.matchResign" : e.reason === "forfeit" ? "table.log.matchForfeit" : e.reason === "timeout" ? "table.log.matchTimeout" : "table.log.matchOver";
  return t(key, { ...score, side: who(e.winner), loser });
}

/** The last hand result and the match result in the log, for the banners. */
export function lastResults(events: readonly LoggedEvent[]): {
  hand: Extract<TableOrMatchEvent, { type: "hand-ended" }> | null;
  match: Extract<TableOrMatchEvent, { type: "match-ended" }> | null;
} {
  let hand: Extract<TableOrMatchEvent, { type: "hand-ended" }> | null = null;
  let match: Extract<TableOrMatchEvent, { type: "match-ended" }> | null = null;
  for (const { event } of events) {
    if (event.type === "hand-ended") hand = event;
    else if (event.type === "match-ended") match = event;
  }
  return { hand, match };
}

export function rulesetLabel(table: TableView): string {
  const r = table.ruleset;
  return t("table.rulesetLabel", {
    preset: presetName(r.preset),
    koks: t(r.koks ? "table.koks" : "table.noKoks"),
    cube: t(r.cube ? "table.cube" : "table.noCube"),
    points: points(table.length),
  });
}
