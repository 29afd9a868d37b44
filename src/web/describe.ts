/** Human-readable lines for the event log, hand results and the match result. */
import { opponent } from "../engine/position";
import type { Side } from "../engine/types";
import type { LoggedEvent, TableOrMatchEvent, TableView } from "../protocol";

export const sideName = (side: Side): string => (side === "white" ? "White" : "Black");

/** A player's name, saying it is the computer when the name does not already. */
export function playerLabel(name: string, kind: "human" | "bot", botLevel: string | null): string {
  return kind === "bot" && !/bot|computer/i.test(name) ? `${name} (computer, ${botLevel ?? "bot"})` : name;
}

export function points(n: number): string {
  return `${n} point${n === 1 ? "" : "s"}`;
}

export function describeEvent(e: TableOrMatchEvent): string | null {
  switch (e.type) {
    case "table-created":
      return `Table created: ${e.ruleset.preset}, match to ${points(e.length)}`;
    case "player-joined":
      return `${sideName(e.seat)}: ${playerLabel(e.name, e.kind, e.botLevel)} sat down`;
    case "player-connected":
      return `${sideName(e.seat)} is connected`;
    case "player-disconnected":
      return `${sideName(e.seat)} lost the connection`;
    case "hand-started":
      return `Hand ${e.hand} starts (score ${e.score.white}–${e.score.black}${e.crawford ? ", Crawford hand: no cube" : ""})`;
    case "opening-roll":
      return e.starter
        ? `Opening roll: White ${e.white}, Black ${e.black}: ${sideName(e.starter)} starts`
        : `Opening roll: White ${e.white}, Black ${e.black}: a tie, roll again`;
    case "rolled":
      return `${sideName(e.side)} rolled ${e.dice[0]}-${e.dice[1]}${e.auto ? " (rolled automatically)" : ""}`;
    case "played":
      return `${sideName(e.side)} played ${e.notation || "nothing"}${e.forced ? " (forced: the only legal play)" : ""}`;
    case "burned":
      return `${sideName(e.side)}'s ${e.dice[0]}-${e.dice[1]} is burned: no legal move`;
    case "doubled":
      return `${sideName(e.side)} doubles to ${e.value}`;
    case "taken":
      return `${sideName(e.side)} takes: the cube is at ${e.value}`;
    case "dropped":
      return `${sideName(e.side)} drops`;
    case "hand-ended":
      return handResultText(e);
    case "resigned":
      return `${sideName(e.side)} resigned`;
    case "forfeited":
      return `${sideName(e.side)} did not come back in time and forfeits`;
    case "timed-out":
      return `${sideName(e.side)} ran out of time`;
    case "match-ended":
      return matchResultText(e);
  }
}

export function handResultText(e: Extract<TableOrMatchEvent, { type: "hand-ended" }>): string {
  const cube = e.cube > 1 ? ` × cube ${e.cube}` : "";
  return (
    `Hand ${e.hand}: ${sideName(e.winner)} wins — ${e.result.kind} (${points(e.result.points)}${cube}) = ` +
    `${points(e.value)}. Score ${e.score.white}–${e.score.black}`
  );
}

export function matchResultText(e: Extract<TableOrMatchEvent, { type: "match-ended" }>): string {
  const score = `${e.score.white}–${e.score.black}`;
  if (e.winner === null) return `Match abandoned: both players were away (${score})`;
  const why =
    e.reason === "resign"
      ? ` (${sideName(opponent(e.winner))} resigned)`
      : e.reason === "forfeit"
        ? ` (${sideName(opponent(e.winner))} did not come back in time)`
        : e.reason === "timeout"
          ? ` (${sideName(opponent(e.winner))} ran out of time)`
          : "";
  return `Match over: ${sideName(e.winner)} wins the match ${score}${why}`;
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

export function rulesetLabel(t: TableView): string {
  const r = t.ruleset;
  const variant = r.variant === "long" ? "long nardi" : "short nardi";
  const extras = [r.koks ? "koks" : "no koks", r.cube ? "cube" : "no cube"].join(", ");
  return `${r.preset} (${variant}; ${extras}) · match to ${points(t.length)}`;
}
