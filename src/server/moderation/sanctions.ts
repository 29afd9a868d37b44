/**
 * The player's standing sanctions at the edge (docs/moderation.md): banned → BANNED for everything a player
 * asks for; suspended → SUSPENDED for creating, joining, seeking and chatting; muted → MUTED for chat. Each
 * refusal names when it ends. A guest being created, or a seat without a session, has no standing to check.
 */
import { ModerationDb } from "../db/moderation";
import type { Env } from "../env";
import { HttpRefusal } from "../problem";
import type { Admission, AdmissionRefusal } from "./admission";

const SUSPENDED_STOPS: ReadonlySet<Admission["what"]> = new Set(["create-table", "join-table", "seek", "chat"]);

export async function sanctionRefusal(env: Env, admission: Admission, now: number): Promise<AdmissionRefusal> {
  if (admission.what === "create-guest" || admission.player === null) return null;
  const { banned, suspendedUntil, mutedUntil } = await new ModerationDb(env.DB).sanctions(admission.player.id);
  if (banned) return new HttpRefusal("BANNED", "this player is banned");
  if (suspendedUntil !== null && suspendedUntil > now && SUSPENDED_STOPS.has(admission.what)) {
    return new HttpRefusal("SUSPENDED", `this player is suspended until ${new Date(suspendedUntil).toISOString()}`);
  }
  if (mutedUntil !== null && mutedUntil > now && admission.what === "chat") {
    return new HttpRefusal("MUTED", `this player's chat is muted until ${new Date(mutedUntil).toISOString()}`);
  }
  return null;
}
