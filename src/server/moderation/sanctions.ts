/** The player's standing sanctions (suspended, banned, muted for chat): moderation's work fills this in. */
import type { Env } from "../env";
import type { Admission, Refusal } from "./admission";

export async function sanctionRefusal(env: Env, admission: Admission, now: number): Promise<Refusal> {
  void env;
  void admission;
  void now;
  return null;
}
