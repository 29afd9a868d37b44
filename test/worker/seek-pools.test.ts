/**
 * `GET /v1/seek/pools` (docs/matchmaking.md, Pool counts): the pools with someone waiting and how many, the
 * caller's own seeks not counted; a cancelled or paired seek leaves the count.
 */
import { describe, expect, it } from "vitest";
import { SeekPoolsSchema, poolKey, type SeekChoice, type SeekPools } from "../../src/protocol";
import { call, guest } from "./players-support";
import { freshChoice, seek, wave } from "./quick-support";

async function pools(token?: string): Promise<SeekPools> {
  const res = await call("GET", "/v1/seek/pools", token === undefined ? {} : { token });
  expect(res.status).toBe(200);
  return SeekPoolsSchema.parse(await res.json());
}

/** The count the route gives for `choice` (0 when not listed). */
function waitingIn(answer: SeekPools, choice: SeekChoice): number {
  return answer.pools.find((p) => p.pool === poolKey(choice))?.waiting ?? 0;
}

/** Pools report in the background and the Worker keeps counts a few seconds: waits until `check` holds. */
async function poolsWhen(check: (answer: SeekPools) => boolean, token?: string): Promise<SeekPools> {
  for (let i = 0; i < 200; i++) {
    const answer = await pools(token);
    if (check(answer)) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the pool counts never showed what the test waited for");
}

describe("quick-match pool counts", () => {
  it("counts the seekers waiting in each pool, not the caller's own, and forgets a cancelled seek", async () => {
    const here = freshChoice();
    const there = freshChoice();
    const [a, b, c] = [await guest(), await guest(), await guest()];
    const sa = await seek(here, a.token);
    const sb = await seek(there, b.token);
    const seen = await poolsWhen((p) => waitingIn(p, here) === 1 && waitingIn(p, there) === 1);
    const listed = seen.pools.find((p) => p.pool === poolKey(here))!;
    expect(listed).toMatchObject({ preset: here.preset, length: here.length, timeControl: here.timeControl, rated: here.rated, stake: 0, waiting: 1 });
    expect(listed.variant).toBe(here.preset.endsWith("long") ? "long" : "short");
    expect(seen.asOf).toBeLessThanOrEqual(Date.now());

    // A seeker reading the counts does not see themselves, only the others.
    const mine = await pools(a.token);
    expect(waitingIn(mine, here)).toBe(0);
    expect(waitingIn(mine, there)).toBe(1);
    expect(waitingIn(await pools(b.token), there)).toBe(0);

    // The cancelled seek leaves the count; so do two seekers once paired.
    sa.client.send({ type: "cancel" });
    await sa.client.next("cancelled");
    await poolsWhen((p) => waitingIn(p, here) === 0 && waitingIn(p, there) === 1);
    const sc = await seek(there, c.token);
    await wave(there);
    await sb.client.next("paired");
    await sc.client.next("paired");
    await poolsWhen((p) => waitingIn(p, here) === 0 && waitingIn(p, there) === 0);
  });

  it("refuses an Authorization header that holds no session (401), as every route with an optional session does", async () => {
    const res = await call("GET", "/v1/seek/pools", { token: "x".repeat(43) });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe("UNAUTHORIZED");
  });
});
