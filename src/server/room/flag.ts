/**
 * The flag: when the running side's clock has run out, it times out (the ruleset says whether that loses the match
 * or the hand). Its moment is derived from the stored clock (./clock.ts), so it costs no deadline row: the alarm
 * looks, and so does every command first, so a command that comes after the flag is judged after it.
 */
import { clockDeadline } from "./clock";
import type { RoomCore } from "./core";
import { serverCommand, step } from "./step";

export function flagFell(core: RoomCore, now: number): void {
  const room = core.store.load();
  const due = room ? clockDeadline(room) : null;
  const side = room?.info.clock?.running;
  if (!room?.match || due === null || due > now || !side) return;
  const stepped = step(core, { origin: { kind: "server" }, entropy: "", at: now }, serverCommand({ type: "timeout", side }));
  if (!stepped.ok) core.log.error("the engine refused a timeout", stepped.error);
}
