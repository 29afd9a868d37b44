/** Staff roles (migrations/0005_moderation.sql): who may use the admin API. */
import { RoleSchema, type StaffRole } from "../../protocol";

export async function rolesOf(d1: D1Database, playerId: string): Promise<StaffRole[]> {
  const { results } = await d1.prepare("SELECT role FROM player_roles WHERE player_id = ? ORDER BY role").bind(playerId).all<{ role: string }>();
  return results.map((row) => RoleSchema.parse(row.role));
}
