/** What clients see: the public table view (no token hashes) and the mover's legal plays (compact, or written out for v1), built from the stored room. */
import { canDouble, canOfferResign, pipCount, stateFacts, type CompactPlays, type MatchState, type Side } from "../../engine";
import type { MatchView, PlayerView, TableView } from "../../protocol";
import { stakeView } from "../coins/stakes";
import { clockView, timeControlOf } from "./clock";
import { SIDES, type Room } from "./table";

/** Who is here right now: sockets per seat (bots are always here) and open reconnect windows. */
export interface Presence {
  connected: Record<Side, boolean>;
  reconnectDeadline: Record<Side, number | null>;
  /** When the view is made (server epoch ms): the clock's remaining times are as of then. */
  now: number;
}

export function tableView(room: Room, presence: Presence): TableView {
  const { info } = room;
  const player = (side: Side): PlayerView | null => {
    const seat = info.seats[side];
    if (!seat) return null;
    return {
      name: seat.name,
      kind: seat.kind,
      botLevel: seat.botLevel,
      playerId: seat.playerId ?? null,
      connected: seat.kind === "bot" || presence.connected[side],
      reconnectDeadline: presence.reconnectDeadline[side],
      autoRoll: seat.autoRoll === true,
      ...(seat.rating ? { rating: seat.rating } : {}),
      ...(seat.botAccount ? { botAccount: true } : {}),
    };
  };
  return {
    id: info.id,
    status: info.status,
    ruleset: info.ruleset,
    length: info.length,
    reconnectSeconds: info.reconnectSeconds,
    spectators: info.spectators,
    rated: info.rated ?? false,
    private: info.inviteHash != null,
    players: { white: player("white"), black: player("black") },
    match: room.match ? matchView(room.match) : null,
    timeControl: timeControlOf(info),
    clock: clockView(room, presence.now),
    seq: room.seq,
    createdAt: info.createdAt,
    ...(info.stake ? { stake: stakeView(info.stake) } : {}),
  };
}

function matchView(state: MatchState): MatchView {
  const { board } = state.position;
  return {
    score: { ...state.score },
    hand: state.hand,
    crawford: state.crawford,
    cube: { ...state.cube },
    cubeOffer: state.cubeOffer ? { ...state.cubeOffer } : null,
    resignOffer: state.resignOffer ? { ...state.resignOffer } : null,
    canOfferResign: SIDES.filter((side) => canOfferResign(state, side)),
    phase: state.phase,
    turn: state.position.turn,
    firstTurn: state.firstTurn[state.position.turn],
    dice: state.dice ? [state.dice[0], state.dice[1]] : null,
    board,
    pips: { white: pipCount(board.white), black: pipCount(board.black) },
    canDouble: SIDES.filter((side) => canDouble(state, side)),
    toAct: stateFacts(state).toAct,
    may: [...stateFacts(state).may],
    winner: state.winner,
    endReason: state.endReason,
  };
}

/** The mover's legal plays of the current roll, compact; null when nobody is choosing a play. */
export function moverPlays(state: MatchState | null): CompactPlays | null {
  return state ? stateFacts(state).plays : null;
}
