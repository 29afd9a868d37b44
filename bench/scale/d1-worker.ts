/**
 * The Worker `npm run bench:scale:d1` (./d1.ts) starts with `wrangler dev` and a local D1 with migrations/
 * applied: each request runs one of the server's real D1 writes through src/server/db, as a match's outbox does,
 * and answers how long it took. Not part of the server; never deployed.
 *
 *   POST /setup?players=N        N players, each with the starting coin grant (Ledger.refresh)
 *   POST /record?table=T&white=I&black=J   a finished rated match: two rating reads, then Db.recordMatch's batch
 *   POST /settle?table=T&white=I&black=J   a stake table: Ledger.hold's batch (+ its checks), then Ledger.settle's batch
 */
import type { LoggedEvent } from "../../src/protocol";
import { Db, Ledger, type RatingWrite } from "../../src/server/db";
import { matchCounts } from "../../src/server/metrics/match";
import { rateMatch } from "../../src/server/ratings/glicko2";
import type { MatchFacts } from "../../src/server/record/facts";

interface Env {
  DB: D1Database;
}

const GRANT = { startGrant: 1_000_000, topUp: 0, topUpBelow: 0 };
const STAKE = 10;
/** Rolls per side in the synthetic log: about a one-point long-nardi match (its record some kilobytes of JSON). */
const ROLLS = 30;

const playerId = (i: number): string => `bench-player-${i}`;

function facts(tableId: string, white: string, black: string, now: number): MatchFacts {
  const events: LoggedEvent[] = [];
  let seq = 1;
  for (let r = 0; r < 2 * ROLLS; r++) {
    const side = r % 2 === 0 ? "white" : "black";
    const dice: [number, number] = [1 + ((r * 7 + 3) % 6), 1 + ((r * 5 + 1) % 6)];
    events.push({ seq: seq++, at: now - 60_000 + r * 1000, event: { type: "rolled", side, dice } } as LoggedEvent);
  }
  return {
    tableId,
    pool: "federation-long",
    length: 1,
    rated: true,
    winner: "white",
    reason: "score",
    score: { white: 1, black: 0 },
    startedAt: now - 60_000,
    endedAt: now,
    players: { white: { playerId: white, name: white, kind: "human" }, black: { playerId: black, name: black, kind: "human" } },
    events,
  };
}

async function record(db: Db, tableId: string, white: string, black: string): Promise<void> {
  const now = Date.now();
  const f = facts(tableId, white, black, now);
  // As the outbox's deliverMatchRecord: the existence check, both ratings, then the one batch.
  if (await db.matchExists(tableId)) return;
  const [w, b] = await Promise.all([db.rating(white, f.pool, now), db.rating(black, f.pool, now)]);
  const after = rateMatch({ white: w, black: b }, "white", f.length, now);
  const writes: RatingWrite[] = [
    { playerId: white, pool: f.pool, before: w, after: after.white },
    { playerId: black, pool: f.pool, before: b, after: after.black },
  ];
  await db.recordMatch(f, writes, matchCounts(f, 2 * ROLLS));
}

async function settle(ledger: Ledger, tableId: string, white: string, black: string): Promise<void> {
  const holds = [
    { seat: "white" as const, playerId: white },
    { seat: "black" as const, playerId: black },
  ];
  const held = await ledger.hold(tableId, holds, STAKE, Date.now());
  if (held !== "held") throw new Error(`hold: ${held}`);
  await ledger.settle(tableId, { kind: "payout", winner: holds[0]!, loser: holds[1]!, rakePercent: 0 }, Date.now());
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const q = (name: string): string => url.searchParams.get(name) ?? "";
    const db = new Db(env.DB);
    const ledger = new Ledger(env.DB);
    const t0 = performance.now();
    try {
      if (url.pathname === "/setup") {
        const n = Number(q("players"));
        for (let i = 0; i < n; i++) {
          const id = playerId(i);
          await db.createPlayer(id, id, id, Date.now());
          await ledger.refresh(id, GRANT, Date.now());
        }
      } else if (url.pathname === "/record") {
        await record(db, q("table"), playerId(Number(q("white"))), playerId(Number(q("black"))));
      } else if (url.pathname === "/settle") {
        await settle(ledger, q("table"), playerId(Number(q("white"))), playerId(Number(q("black"))));
      } else {
        return new Response("not found", { status: 404 });
      }
    } catch (error) {
      return new Response(String(error), { status: 500 });
    }
    return Response.json({ ms: performance.now() - t0 });
  },
};
