/**
 * Claimed names are protected (docs/fair-play.md): after the look-alike folding of the bot-name rule
 * (nameSkeleton, src/protocol/names.ts), a display name at a table that passes for a member's claimed name is
 * refused (NAME_PROTECTED) unless the seat is that member's own; and no member may claim or take by a rename a
 * name that passes for another member's (NAME_TAKEN). A name that folds to nothing (only signs) protects nothing.
 */
import { nameSkeleton } from "../../protocol";
import { FairPlayDb, type PlayerRow } from "../db";
import type { Env } from "../env";
import { HttpRefusal } from "../problem";

/** The member (other than `self`) whose claimed name `name` passes for, or null. */
async function otherMember(env: Env, name: string, self: string | null): Promise<{ id: string; name: string } | null> {
  const skeleton = nameSkeleton(name);
  if (skeleton === "") return null;
  const owner = await new FairPlayDb(env.DB).memberBySkeleton(skeleton);
  return owner && owner.id !== self ? owner : null;
}

/** A display name asked for a seat (the `name` of a create or join body): NAME_PROTECTED if it is another member's. */
export async function requireUnprotectedName(env: Env, name: string | undefined, seat: PlayerRow | null): Promise<void> {
  if (name === undefined) return;
  const owner = await otherMember(env, name, seat?.id ?? null);
  if (owner) throw new HttpRefusal("NAME_PROTECTED", `"${name}" passes for the claimed name of another player; choose another display name`);
}

/** Whether a generated guest name passes for a member's (the guest route draws another). */
export async function isProtectedName(env: Env, name: string): Promise<boolean> {
  return (await otherMember(env, name, null)) !== null;
}

/** A claim or rename to `name`: NAME_TAKEN if it passes for another member's claimed name. */
export async function requireOwnSkeleton(env: Env, name: string, player: PlayerRow): Promise<void> {
  const owner = await otherMember(env, name, player.id);
  if (owner) throw new HttpRefusal("NAME_TAKEN", `"${name}" passes for the name of another player (${owner.name})`);
}
