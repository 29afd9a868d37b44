/** The operator's site-wide switch (defcon): the site-switch work fills this in. */
import type { Env } from "../env";
import type { Admission, Refusal } from "./admission";

export async function siteSwitchRefusal(env: Env, admission: Admission, now: number): Promise<Refusal> {
  void env;
  void admission;
  void now;
  return null;
}
