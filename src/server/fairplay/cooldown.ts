/** The escalating cooldown after repeated abandoning or stalling: the fair-play work fills this in. */
import type { Env } from "../env";
import type { Admission, Refusal } from "../moderation/admission";

export async function cooldownRefusal(env: Env, admission: Admission, now: number): Promise<Refusal> {
  void env;
  void admission;
  void now;
  return null;
}
