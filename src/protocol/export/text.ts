/**
 * The plain-text match form (`format=txt`), for long nardi, which has no standard file, and equally for short
 * nardi. One line per fact, words separated by single spaces, so a parser splits on spaces; the grammar is in
 * docs/replays.md. Moves are in the mover's own numbering (docs/rules.md §1), one step per die.
 */
import { formatPlay, type Side } from "../../engine";
import type { Replay } from "./replay";

function score(s: Record<Side, number>): string {
  return `${s.white}-${s.black}`;
}

/** A name on a header line: the rest of the line, without line breaks. */
function oneLine(name: string): string {
  return name.replace(/[\r\n]+/g, " ").trim();
}

export function toText(replay: Replay): string {
  const { ruleset } = replay;
  const lines = [
    "# nardi match",
    ...(replay.tableId ? [`table ${replay.tableId}`] : []),
    `ruleset ${ruleset.preset} variant ${ruleset.variant} koks ${ruleset.koks} cube ${ruleset.cube} opening ${ruleset.opening}`,
    `length ${replay.length}`,
    `white ${oneLine(replay.names.white)}`,
    `black ${oneLine(replay.names.black)}`,
  ];
  let dice: readonly number[] = [];
  for (const { event } of replay.frames) {
    switch (event.type) {
      case "hand-started":
        lines.push("", `hand ${event.hand} score ${score(event.score)}${event.crawford ? " crawford" : ""}`);
        break;
      case "opening-roll":
        lines.push(`opening white ${event.white} black ${event.black} ${event.starter ? `starter ${event.starter}` : "tie"}`);
        break;
      case "rolled":
        dice = event.dice;
        break;
      case "played":
        lines.push(`${event.side} roll ${dice[0]}${dice[1]} play ${formatPlay(event.steps)}`);
        break;
      case "burned":
        lines.push(`${event.side} roll ${event.dice[0]}${event.dice[1]} burned`);
        break;
      case "doubled":
        lines.push(`${event.side} double ${event.value}`);
        break;
      case "taken":
        lines.push(`${event.side} take ${event.value}`);
        break;
      case "dropped":
        lines.push(`${event.side} drop`);
        break;
      case "hand-ended":
        lines.push(`${event.winner} wins ${event.result.kind} ${event.result.points} cube ${event.cube} value ${event.value} score ${score(event.score)}`);
        break;
      case "resign-offered":
        lines.push(`${event.side} offers-resign ${event.level} value ${event.value}`);
        break;
      case "resign-accepted":
        lines.push(`${event.side} accepts-resign ${event.level}`);
        break;
      case "resign-rejected":
        lines.push(`${event.side} rejects-resign ${event.level}`);
        break;
      case "resigned":
        lines.push(`${event.side} resigns`);
        break;
      case "forfeited":
        lines.push(`${event.side} forfeits`);
        break;
      case "timed-out":
        lines.push(`${event.side} times-out`);
        break;
      case "match-ended":
        lines.push("", `match ${event.winner ?? "none"} reason ${event.reason} score ${score(event.score)}`);
        break;
    }
  }
  return `${lines.join("\n")}\n`;
}
