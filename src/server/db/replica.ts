/**
 * D1 read replication (docs/scale.md, D1): the reads a moment's staleness cannot hurt — other players' profiles,
 * match histories and records, leaderboards, dice statistics — go through a Sessions API session that may be
 * answered by the nearest read replica. One session per request, so the request's own reads are sequentially
 * consistent; a replica may trail the primary (Cloudflare: usually well under a second, more under load). Writes,
 * sessions, balances, staff checks and anything read right after its own write stay on the primary (`new Db(env.DB)`).
 * Without replication enabled on the database, and locally, every session query goes to the primary.
 */
import { Db } from "./index";

/** A Db whose queries may go to a replica: only for reads that may be stale. */
export function replicaDb(env: { DB: D1Database }): Db {
  return new Db(env.DB.withSession("first-unconstrained"));
}
