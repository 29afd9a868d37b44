/**
 * A whole match between two bots straight on the engine, logged as the server logs it (`table-created`, both
 * `player-joined`, then every match event with its seq): the input of the export check (scripts/check-mat.ts)
 * and of the export tests. Seeded, so a seed names one match exactly.
 */
import { applyCommand, makeRuleset, newMatch, seededRandom, type MatchCommand, type MatchEvent, type MatchState, type MatchStep, type PresetName, type RulesetOverrides } from "../src/engine";
import { botCommand, type BotLevel } from "../src/bot";
import type { LoggedEvent, TableOrMatchEvent } from "../src/protocol";

export interface BotMatchOptions {
  preset: PresetName;
  /** The table's overridden options (none by default). */
  overrides?: RulesetOverrides;
  length: number;
  seed: number;
  /** White's and Black's levels (default intermediate: the hand-written evaluation with its cube rules). */
  levels?: { white: BotLevel; black: BotLevel };
  /** The seats' names (default `Bot <level> W` / `Bot <level> B`). */
  names?: { white: string; black: string };
  /**
   * Asked before every bot command (with the number of commands so far): a command to give instead, e.g. a
   * resignation, forfeit or timeout that ends the match where the bots would have played on.
   */
  interrupt?: (state: MatchState, commands: number) => MatchCommand | null;
}

export function botMatch(options: BotMatchOptions): LoggedEvent[] {
  const rng = seededRandom(options.seed);
  const dice = { die: () => 1 + Math.floor(rng() * 6) };
  const levels = options.levels ?? { white: "intermediate", black: "intermediate" };
  const names = options.names ?? { white: `Bot ${levels.white} W`, black: `Bot ${levels.black} B` };
  const ruleset = makeRuleset(options.preset, options.overrides);
  if (!ruleset.ok) throw new Error(ruleset.error.message);
  const log: LoggedEvent[] = [];
  let at = 1_800_000_000_000;
  const push = (event: TableOrMatchEvent | MatchEvent) => log.push({ seq: log.length + 1, at: (at += 1000), event: event as TableOrMatchEvent });
  push({ type: "table-created", ruleset: ruleset.value, length: options.length, reconnectSeconds: 60, spectators: true });
  push({ type: "player-joined", seat: "white", name: names.white, kind: "bot", botLevel: levels.white });
  push({ type: "player-joined", seat: "black", name: names.black, kind: "bot", botLevel: levels.black });
  const started = newMatch({ ruleset: ruleset.value, length: options.length }, dice);
  if (!started.ok) throw new Error(started.error.message);
  let step: MatchStep = started.value;
  step.events.forEach(push);
  for (let turns = 0; step.state.phase !== "over"; turns++) {
    if (turns > 20_000) throw new Error(`match ${options.seed} did not end`);
    const command =
      options.interrupt?.(step.state, turns) ??
      botCommand(step.state, "white", levels.white, rng) ??
      botCommand(step.state, "black", levels.black, rng);
    if (!command) throw new Error(`no bot acts in phase ${step.state.phase}`);
    const next = applyCommand(step.state, command, dice);
    if (!next.ok) throw new Error(`${command.type}: ${next.error.message}`);
    step = next.value;
    step.events.forEach(push);
  }
  return log;
}
