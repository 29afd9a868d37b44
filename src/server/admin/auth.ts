/**
 * Who may call the admin API: a session (`Authorization: Bearer`, as for the players' routes) whose player holds
 * a staff role. No session → 401 UNAUTHORIZED; a session without the role → 403 FORBIDDEN. An admin may do
 * everything a moderator may.
 */
import type { StaffRole } from "../../protocol";
import { Db, type PlayerRow } from "../db";
import { rolesOf } from "../db/roles";
import type { Env } from "../env";
import { requireSession } from "../identity/sessions";
import { HttpRefusal } from "../problem";

export interface Staff {
  db: Db;
  player: PlayerRow;
  roles: StaffRole[];
}

export async function requireStaff(env: Env, authorization: string | undefined, role: StaffRole = "moderator"): Promise<Staff> {
  const db = new Db(env.DB);
  const { player } = await requireSession(db, authorization);
  const roles = await rolesOf(env.DB, player.id);
  const allowed = role === "moderator" ? roles.length > 0 : roles.includes("admin");
  if (!allowed) throw new HttpRefusal("FORBIDDEN", `this route needs the ${role} role`);
  return { db, player, roles };
}

/** The OpenAPI security requirement of every admin route (a staff session). */
export const STAFF_SECURITY = [{ staff: [] }];
