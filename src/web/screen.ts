/**
 * The play screen as a pure model: for one table view, the viewer's seat, the command out and the turn being built,
 * what the screen shows and lets the viewer press (the outlined player, the status line, the buttons). No DOM here,
 * so it is tested in Node (test/web/screen.test.ts); ./game.ts draws it and wires the buttons to the connection.
 *
 * Who must act and what they may do are the server's facts (`toAct`, `may` in the match view); nothing here
 * re-derives them from the phase, the turn or the cube, so the outline, the buttons and the clock agree.
 */
import { opponent, pipCount } from "../engine/position";
import { handResultOf, RESIGN_RESULTS } from "../engine/result";
import type { Board, Side, Variant } from "../engine/types";
import type { LegalPlayView, LoggedEvent, TableView } from "../protocol";
import { describeEvent, points, resignLevelName, sideName } from "./describe";
import { t } from "./i18n";
import { playNotation } from "./moves";

/** What the screen needs of the turn being built (./turn.ts's TurnBuilder has it). */
export interface TurnState {
  /** Only the empty play is legal: confirming passes. */
  readonly burned: boolean;
  readonly canUndo: boolean;
  /** The legal play the chosen steps make, once complete. */
  complete(): LegalPlayView | null;
}

export interface ScreenInput {
  table: TableView;
  /** The viewer's seat; null to watch. */
  me: Side | null;
  /** A command is out: nothing more can be pressed until it is answered. */
  busy: boolean;
  /** The turn the viewer is building, while they may play. */
  turn: TurnState | null;
  /** The checker picked (own point), while building a turn. */
  selected: number | null;
}

export type ControlId = "roll" | "double" | "undo" | "confirm" | "take" | "drop" | "accept-resign" | "reject-resign" | "auto-roll" | "resign";

export interface Control {
  id: ControlId;
  label: string;
  enabled: boolean;
  tone?: "primary" | "danger";
  /** For the auto-roll switch: whether it is on. */
  checked?: boolean;
}

export interface Screen {
  /** The player line drawn with the turn outline: the side that must act (null when nobody must). */
  outlined: Side | null;
  /** The viewer is the side that must act (the turn sound, the tab's title). */
  myMove: boolean;
  /** The viewer may build a play now (the board offers their checkers). */
  mayPlay: boolean;
  /** What the viewer should do or wait for now. */
  status: string;
  /** The controls beside the board, in the order shown. */
  controls: Control[];
  /** The score line's parts, shown joined by " · "; a part with a `term` links to the glossary's entry. */
  score: ScorePart[];
  /** The line under the board saying whose side is at the bottom. */
  legend: string;
  /** The browser tab's title: it says when the viewer must act. */
  title: string;
}

export interface ScorePart {
  text: string;
  term?: "cube" | "crawford";
}

/** The side that must act, as the server decided; null before the match or once it is over. */
export function sideToAct(table: TableView): Side | null {
  return table.status === "playing" ? (table.match?.toAct ?? null) : null;
}

/** The viewer may choose a play of the current roll (the server sends their legal plays). */
export function mayPlay(table: TableView, me: Side | null): boolean {
  return me !== null && sideToAct(table) === me && table.match?.may.includes("play") === true;
}

export function screen(input: ScreenInput): Screen {
  const { table, me } = input;
  const toAct = sideToAct(table);
  return {
    outlined: toAct,
    myMove: me !== null && toAct === me,
    mayPlay: mayPlay(table, me),
    status: statusText(input),
    controls: controls(input),
    score: scoreLine(table),
    legend: t(me ? "table.legendMine" : "table.legendWatching", { side: sideName(me ?? "white") }) + (table.ruleset.variant === "long" ? ` ${t("table.legendHeads")}` : ""),
    title: me !== null && toAct === me ? t("table.titleYourTurn") : t("app.name"),
  };
}

function scoreLine(table: TableView): ScorePart[] {
  const m = table.match;
  if (!m) return [{ text: t("table.score.matchTo", { points: points(table.length) }) }];
  const parts: ScorePart[] = [{ text: t("table.score.line", { white: m.score.white, black: m.score.black, points: points(table.length) }) }];
  if (table.ruleset.cube && table.length > 1) {
    const owner = m.cube.owner;
    parts.push({ text: t(owner ? "table.score.cubeOwned" : "table.score.cubeMiddle", { value: m.cube.value, side: owner ? sideName(owner) : "" }), term: "cube" });
  }
  if (m.crawford) parts.push({ text: t("table.score.crawford"), term: "crawford" });
  parts.push({ text: t("table.score.hand", { hand: m.hand }) });
  return parts;
}

function statusText({ table, me, turn, selected }: ScreenInput): string {
  const m = table.match;
  if (table.status === "waiting" || !m) return t(me ? "table.status.waitingInvite" : "table.status.waiting");
  const toAct = sideToAct(table);
  if (toAct === null) {
    if (!m.winner) return t("table.status.over");
    return me ? t(m.winner === me ? "table.status.youWon" : "table.status.youLost") : t("table.status.sideWon", { side: sideName(m.winner) });
  }
  if (m.resignOffer) {
    const { from, to, level } = m.resignOffer;
    const value = handResultOf(RESIGN_RESULTS[level]).points * m.cube.value;
    if (to === me) return t("table.status.resignOfferedYou", { side: sideName(from), level: resignLevelName(level), points: points(value) });
    if (from === me) return t("table.status.resignOfferedMe", { level: resignLevelName(level), other: sideName(to) });
    return t("table.status.resignOffered", { side: sideName(from), level: resignLevelName(level), other: sideName(to) });
  }
  if (m.may.includes("take")) {
    const value = m.cube.value * 2;
    const doubler = m.cubeOffer?.from ?? opponent(toAct);
    if (toAct === me) return t("table.status.doubledYou", { side: sideName(doubler), value });
    return t("table.status.doubled", { side: sideName(doubler), value, other: sideName(toAct) });
  }
  const dice = m.dice ? `${m.dice[0]}-${m.dice[1]}` : "";
  if (toAct !== me) return t(m.may.includes("roll") ? "table.status.toRoll" : "table.status.moving", { side: sideName(toAct), dice });
  // The server rolls by itself when there is no cube decision, so waiting to roll means the cube is an option.
  if (m.may.includes("roll")) return t(m.may.includes("double") ? "table.status.yourRollOrDouble" : "table.status.yourRoll");
  if (!turn) return t("table.status.yourMove");
  if (turn.burned) return t("table.status.burned", { dice });
  const done = turn.complete();
  if (done) return t("table.status.confirm", { play: done.play });
  if (selected !== null) return t("table.status.pickTarget", { dice });
  return t("table.status.pickChecker", { dice });
}

function controls({ table, me, busy, turn }: ScreenInput): Control[] {
  const m = table.match;
  if (!me || !m || sideToAct(table) === null) return [];
  const may = sideToAct(table) === me ? m.may : [];
  const offered = m.cube.value * 2;
  const out: Control[] = [];
  const add = (id: ControlId, label: string, enabled: boolean, tone?: Control["tone"]) => out.push({ id, label, enabled: enabled && !busy, ...(tone ? { tone } : {}) });
  if (may.includes("roll")) add("roll", t("table.turn.roll"), true, "primary");
  if (may.includes("double")) add("double", t("table.turn.double", { value: offered }), true);
  if (may.includes("play") && turn) {
    add("undo", t("table.turn.undo"), turn.canUndo);
    add("confirm", t(turn.burned ? "table.turn.pass" : "table.turn.confirm"), turn.complete() !== null, "primary");
  }
  if (may.includes("accept-resign") && m.resignOffer) {
    const value = handResultOf(RESIGN_RESULTS[m.resignOffer.level]).points * m.cube.value;
    add("accept-resign", t("table.turn.acceptResign", { points: points(value) }), true, "primary");
    add("reject-resign", t("table.turn.rejectResign"), true);
  }
  if (may.includes("take")) {
    add("take", t("table.turn.take", { value: offered }), true);
    add("drop", t("table.turn.drop"), true, "danger");
  }
  if (table.ruleset.cube && table.length > 1) {
    // "Auto-roll when I'd only roll": the server then rolls for me even when I could double.
    out.push({ id: "auto-roll", label: t("table.turn.autoRoll"), enabled: !busy, checked: table.players[me]?.autoRoll === true });
  }
  // Either seated player may resign while the match runs, whoever must act.
  add("resign", t("table.turn.resign"), true, "danger");
  return out;
}


/**
 * The pip counts under the board, the viewer's side against the other (fewer pips is ahead in the race); `diff` is
 * the other's count less the viewer's. Null before there is a board.
 */
export function pipLine(board: Board | null, viewer: Side, me: Side | null): { text: string; diff: number } | null {
  if (!board) return null;
  const mine = pipCount(board[viewer]);
  const theirs = pipCount(board[opponent(viewer)]);
  const diff = theirs - mine;
  const count = Math.abs(diff);
  if (diff === 0) return { text: t("table.pips.even", { mine, theirs }), diff };
  // A spectator reads the counts from White's seat, so the line names the side.
  if (me === null) return { text: t(diff > 0 ? "table.pips.sideLeads" : "table.pips.sideTrails", { side: sideName(viewer), mine, theirs, count }), diff };
  return { text: t(diff > 0 ? "table.pips.youLead" : "table.pips.youTrail", { mine, theirs, count }), diff };
}

/**
 * What a screen reader hears of an update: the other side's moves (in the viewer's numbering), its cube actions and
 * resignation and resignation offers (made, accepted, refused), and every hand and match result. Empty when nothing in it is news to the viewer.
 */
export function announcement(events: readonly LoggedEvent[], me: Side | null, variant: Variant, viewer: Side): string {
  const said: string[] = [];
  for (const { event: e } of events) {
    if (e.type === "played") {
      if (e.side === me) continue;
      const text = playNotation(variant, e.side, viewer, e);
      said.push(text === "" ? t("table.announce.passed", { side: sideName(e.side) }) : t("table.announce.played", { side: sideName(e.side), play: text }));
    } else if ((e.type === "doubled" || e.type === "taken" || e.type === "dropped" || e.type === "resigned" || e.type === "resign-offered" || e.type === "resign-accepted" || e.type === "resign-rejected") && e.side !== me) {
      said.push(describeEvent(e) ?? "");
    } else if (e.type === "hand-ended" || e.type === "match-ended") {
      said.push(describeEvent(e) ?? "");
    }
  }
  return said.join(". ");
}
