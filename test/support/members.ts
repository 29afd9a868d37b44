/**
 * Members for tests against a real server: a guest that claimed a (random) name. Rated play and stakes need a
 * claimed name (guests play casual tables only: CLAIM_REQUIRED, docs/fair-play.md).
 */
import type { NardiClient, SessionGrant } from "../../src/client";

export async function createMember(client: NardiClient): Promise<SessionGrant> {
  const guest = await client.createGuest();
  const name = `m-${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const player = await client.withSession(guest.token).claim({ name, password: "correct horse battery" });
  return { token: guest.token, player };
}
