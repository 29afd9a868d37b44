/**
 * What guests may do (docs/fair-play.md): play casual at once, against people or the computer; rated play and
 * stakes need a claimed name (CLAIM_REQUIRED). A guest costs one click, so anything a guest could win or move —
 * rating points, coins — could be farmed by making guests; a claimed name costs a password and is limited per
 * client (CLAIM_LIMIT), and a name is what a moderator acts on.
 */
import type { PlayerKind } from "../../protocol";
import type { Env } from "../env";
import { HttpRefusal } from "../problem";
import type { Admission, AdmissionRefusal } from "../moderation/admission";

/** The refusal for a seat of this kind at a rated or stake table, or null. The match object asks it at a join. */
export function guestSeatRefusal(kind: PlayerKind | undefined, table: { rated: boolean; stake: number }): { code: "CLAIM_REQUIRED"; message: string } | null {
  if (kind !== "guest" || (!table.rated && table.stake === 0)) return null;
  const what = table.rated ? "rated play" : "playing for coins";
  return { code: "CLAIM_REQUIRED", message: `${what} needs a claimed name: claim one first (POST /v1/me/claim); guests play casual tables` };
}

/** A guest asking for a rated or stake table or seek. (A join's table rules are the match object's: guestSeatRefusal.) */
export async function guestRefusal(env: Env, admission: Admission, now: number): Promise<AdmissionRefusal> {
  void env;
  void now;
  if (admission.what !== "create-table" && admission.what !== "seek") return null;
  const refusal = guestSeatRefusal(admission.player?.kind, admission);
  return refusal && new HttpRefusal(refusal.code, refusal.message);
}
