/**
 * The mover's `update` frame after a roll, as the match object sends it, for a position and dice: in the old
 * written-out form (`nardi.v1`: `legalPlays`) and the compact one (`nardi.v2`: `plays`). The table view is a full,
 * realistic one (two named players, a running clock), so the sizes are what a client really receives.
 */
import { compactLegalPlays, pipCount, PRESETS, type Dice, type PlayContext, type Position } from "../../src/engine";
import { legalPlayViews, playsView, TableViewSchema, type LoggedEvent, type TableView, type UpdateMessage } from "../../src/protocol";

const T0 = 1_780_000_000_000;

export function tableViewAt(position: Position, dice: Dice, ctx: PlayContext): TableView {
  const ruleset = position.variant === "short" ? PRESETS["georgian-short"] : PRESETS["federation-long"];
  const { board, turn } = position;
  const player = (name: string) => ({ name, kind: "human" as const, botLevel: null, playerId: "p_8Xq3kLm2Rv9tWz4aYb7c", connected: true, reconnectDeadline: null, autoRoll: false });
  return TableViewSchema.parse({
    id: "jx4l9vTGLnpBBnGmyaXIZg",
    status: "playing",
    ruleset,
    length: 5,
    reconnectSeconds: 60,
    spectators: true,
    rated: true,
    private: false,
    players: { white: player("Nino Beridze"), black: player("Aram Petrosyan") },
    match: {
      score: { white: 2, black: 1 },
      hand: 4,
      crawford: false,
      cube: { value: 1, owner: null },
      cubeOffer: null,
      phase: "moving",
      turn,
      firstTurn: ctx.firstTurn,
      dice,
      board,
      pips: { white: pipCount(board.white), black: pipCount(board.black) },
      canDouble: [],
      toAct: turn,
      may: ["play"],
      winner: null,
      endReason: null,
    },
    timeControl: { name: "blitz", delaySeconds: 12, reserveSeconds: 90, matchReserveSeconds: 450 },
    clock: {
      serverTime: T0 + 123_456,
      running: turn,
      since: T0 + 120_001,
      remaining: { white: { delayMs: 12_000, reserveMs: 401_233 }, black: { delayMs: 12_000, reserveMs: 377_918 } },
      lagAllowanceMs: 750,
      flagAt: T0 + 533_457,
    },
    seq: 187,
    createdAt: T0,
  });
}

/** The two forms of the mover's update frame after `dice` were rolled, as the JSON text sent; `plays`: how many. */
export function moverFrames(position: Position, dice: Dice, ctx: PlayContext): { v1: string; v2: string; plays: number } {
  const table = tableViewAt(position, dice, ctx);
  const compact = compactLegalPlays(position, dice, ctx);
  const events: LoggedEvent[] = [{ seq: 187, at: T0 + 120_001, event: { type: "rolled", side: position.turn, dice: [dice[0], dice[1]], auto: true } }];
  const base = { type: "update" as const, seq: 187, events, table };
  const v1: UpdateMessage = { ...base, legalPlays: legalPlayViews(compact) };
  const v2: UpdateMessage = { ...base, plays: playsView(compact) };
  return { v1: JSON.stringify(v1), v2: JSON.stringify(v2), plays: compact.count };
}
