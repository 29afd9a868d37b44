/** What guests may not do (rated play and stakes need a claimed name): the fair-play work fills this in. */
import type { Env } from "../env";
import type { Admission, Refusal } from "../moderation/admission";

export async function guestRefusal(env: Env, admission: Admission, now: number): Promise<Refusal> {
  void env;
  void admission;
  void now;
  return null;
}
