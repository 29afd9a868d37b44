/**
 * "Auto-roll when I'd only roll": a seat's own setting, logged as an `auto-roll` event so the seq moves with it
 * (everything in a view is fixed by its seq). Turning it on while that seat is on roll rolls at once (in the same
 * stored change); the running decision and its clock go on, as after any roll.
 */
import type { Side } from "../../engine";
import type { ClientMessage } from "../../protocol";
import { refusal, type Decision } from "./step";
import type { Room } from "./table";

type AutoRollMessage = Extract<ClientMessage, { type: "auto-roll" }>;

/**
 * The setting as a step's move, while the table waits or plays; setting it again to the same value is harmless.
 * Once the match is over nothing is logged after its `match-ended` (the record and the outbox's delivery read that
 * as the last event), and the setting would change nothing: MATCH_OVER, as for a game command.
 */
export function autoRollMove(seat: Side, message: AutoRollMessage): (room: Room) => Decision {
  return (room) => {
    const holder = room.info.seats[seat];
    if (!holder) return refusal("TABLE_NOT_FOUND", "this table no longer exists");
    if (room.info.status === "over") return refusal("MATCH_OVER", "the match has ended");
    const info = { ...room.info, seats: { ...room.info.seats, [seat]: { ...holder, autoRoll: message.on } } };
    // Only the pace runs (a roll the seat no longer decides); it cannot be refused.
    return { ok: true, value: { command: null, info, events: [{ type: "auto-roll", seat, on: message.on }] } };
  };
}
