/**
 * Whether a player may start what they ask for, checked once at the edge before a match object or a pool is
 * called: the site-wide switch, then the player's sanctions, then their cooldown, then what guests may do
 * (docs/operations.md lists the order and each refusal's code). Each check lives with its own rule; this file
 * only fixes their order, so every route asks the same questions the same way.
 */
import type { PlayerRow } from "../db";
import type { Env } from "../env";
import { HttpRefusal } from "../problem";
import { cooldownRefusal } from "../fairplay/cooldown";
import { guestRefusal } from "../fairplay/guests";
import { sanctionRefusal } from "./sanctions";
import { siteSwitchRefusal } from "./site-switch";

/** What is asked for. `stake`/`rated` as the table or seek has them. */
export type Admission =
  | { what: "create-guest" }
  | { what: "claim"; player: PlayerRow }
  | { what: "create-table" | "seek"; player: PlayerRow | null; rated: boolean; stake: number }
  /** A join's table-dependent rules (rated, stake) are the match object's to check: the route does not know the table. */
  | { what: "join-table"; player: PlayerRow | null }
  | { what: "chat"; player: PlayerRow | null };

/** A refusal of this admission, or null: the first check that says no decides. */
export type AdmissionRefusal = HttpRefusal | null;

export async function admit(env: Env, admission: Admission, now: number = Date.now()): Promise<void> {
  const checks = [siteSwitchRefusal, sanctionRefusal, cooldownRefusal, guestRefusal];
  for (const check of checks) {
    const refusal = await check(env, admission, now);
    if (refusal) throw refusal;
  }
}
