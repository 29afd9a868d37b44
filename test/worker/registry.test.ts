/**
 * The sharded seeker registry (src/server/quick/shards.ts) against real SeekRegistry objects inside workerd.
 * fast-check runs random sets of pairings by several pools at once, with a scheduler choosing the order in which
 * every call to a shard starts: whatever the interleaving, no player is held by two pairings at once, none is
 * paired with themselves, a pairing that failed (or was given back) leaves its players free, and one that stands
 * keeps them. Then the fixed claim order, and the bridge to the single registry of older code.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEEK_LIMITS } from "../../src/protocol";
import { LEGACY_REGISTRY, REGISTRY_SHARDS, Registry, shardName, shardOf, type RegistryObject } from "../../src/server/quick/shards";
import { guest } from "./players-support";
import { freshChoice, poolRows, seek, setRating, wave, type SeekClient } from "./quick-support";

const stub = (name: string): RegistryObject => env.SEEK_REGISTRY.getByName(name);

/** Every call to a registry object starts when the scheduler lets it; `log` names the object and the call. */
function scheduled(s: fc.Scheduler, log: string[] = []): (name: string) => RegistryObject {
  return (name) => {
    const real = stub(name);
    const later =
      <A extends unknown[], R>(method: string, call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> =>
        s.schedule(Promise.resolve(), `${method} ${name}`).then(() => {
          log.push(`${method} ${name}`);
          return call(...args);
        });
    return {
      claim: later("claim", (entries, tableId) => real.claim(entries, tableId)),
      taken: later("taken", (entries, tableId) => real.taken(entries, tableId)),
      release: later("release", (ids, tableId) => real.release(ids, tableId)),
      seeking: later("seeking", (playerId, pool) => real.seeking(playerId, pool)),
      poolsOf: later("poolsOf", (playerId) => real.poolsOf(playerId)),
    };
  };
}

/** Every seek began before any pairing: a claim anywhere makes the player taken for every other pool. */
const entry = (playerId: string) => ({ playerId, since: 0 });

let run = 0;

describe("the sharded registry under random interleavings", () => {
  it("never holds a player twice or pairs one with themselves; a failed or given-back pairing frees its players", async () => {
    const PairingArb = fc.record({ a: fc.nat(5), b: fc.nat(5), givesBack: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.constantFrom(1, 3, REGISTRY_SHARDS), fc.array(PairingArb, { minLength: 1, maxLength: 8 }), async (s, shards, pairings) => {
        const id = `run${run++}`;
        const player = (n: number) => `${id}-p${n}`;
        const registry = new Registry(scheduled(s), { shards });
        const held = new Set<string>();
        const kept: string[][] = [];
        const outcomes = pairings.map(async (p, i) => {
          const ids = [player(p.a), player(p.b)];
          const tableId = `${id}-t${i}`;
          const claiming = registry.claim(ids.map(entry), tableId);
          if (p.a === p.b) {
            await expect(claiming).rejects.toThrow(/names a player twice/);
            return;
          }
          const claim = await claiming;
          if (!claim.ok) {
            expect(claim.taken.length).toBeGreaterThan(0);
            for (const taken of claim.taken) expect(ids).toContain(taken);
            return;
          }
          for (const x of ids) {
            expect(held.has(x), `${x} claimed by two pairings at once`).toBe(false);
            held.add(x);
          }
          if (p.givesBack) {
            // The table could not be made: the claims go back (and the players may be claimed again from now on).
            for (const x of ids) held.delete(x);
            await registry.release(ids, tableId);
          } else kept.push(ids);
        });
        await s.waitFor(Promise.all(outcomes));

        // The pairings that stand share nobody; everyone in one is taken, everyone else is free.
        const paired = kept.flat();
        expect(new Set(paired).size).toBe(paired.length);
        const direct = new Registry(stub, { shards });
        for (let n = 0; n < 6; n++) {
          const probe = await direct.claim([entry(player(n))], `${id}-probe${n}`);
          expect(probe.ok, `${player(n)} ${paired.includes(player(n)) ? "is paired" : "is free"}`).toBe(!paired.includes(player(n)));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("the claim order", () => {
  const inOtherShards = (prefix: string): [string, string] => {
    const a = `${prefix}-a`;
    for (let i = 0; ; i++) {
      const b = `${prefix}-b${i}`;
      if (shardOf(b) !== shardOf(a)) return [a, b];
    }
  };

  const sameShard = (prefix: string): [string, string] => {
    const a = `${prefix}-a`;
    for (let i = 0; ; i++) {
      const b = `${prefix}-b${i}`;
      if (shardOf(b) === shardOf(a)) return [a, b];
    }
  };

  it("claims the lower shard first, both players in one call when they share a shard, and nothing of the old object", async () => {
    const log: string[] = [];
    const s = fc.sample(fc.scheduler(), { numRuns: 1, seed: 1 })[0]!;
    const registry = new Registry(scheduled(s, log));
    const [a, b] = inOtherShards("order");
    const claim = registry.claim([entry(b), entry(a)], "order-table");
    expect(await s.waitFor(claim)).toEqual({ ok: true });
    const [low, high] = [shardOf(a), shardOf(b)].sort((x, y) => x - y);
    expect(log).toEqual([`claim ${shardName(low!)}`, `claim ${shardName(high!)}`]);

    // Two players of one shard: one call, one transaction.
    log.length = 0;
    const [c, d] = sameShard("order-same");
    expect(await s.waitFor(registry.claim([entry(c), entry(d)], "order-table2"))).toEqual({ ok: true });
    expect(log).toEqual([`claim ${shardName(shardOf(c))}`]);
  });

  it("a refusal by the second shard gives back the first: its player can be paired elsewhere at once", async () => {
    const [a, b] = inOtherShards("giveback");
    const registry = new Registry(stub);
    const [first, second] = shardOf(a) < shardOf(b) ? [a, b] : [b, a];
    // The player of the higher shard is already paired elsewhere.
    expect(await registry.claim([entry(second), entry("giveback-other")], "giveback-t1")).toEqual({ ok: true });
    expect(await registry.claim([entry(first), entry(second)], "giveback-t2")).toEqual({ ok: false, taken: [second] });
    // The first shard's claim went back: a third pool pairs that player now.
    expect(await registry.claim([entry(first), entry("giveback-third")], "giveback-t3")).toEqual({ ok: true });
  });
});

describe("the bridge to the single registry of older code", () => {
  const legacy = () => stub(LEGACY_REGISTRY);

  it("while it runs: a claim made by old code blocks the shards' claim, and the shards' claims and seeks reach the old object", async () => {
    const now = Date.now();
    const registry = new Registry(stub, { bridgeUntil: now + 60_000, now: () => now });
    // Old code paired bridge-a through the single object.
    expect(await legacy().claim([entry("bridge-a"), entry("bridge-b")], "bridge-old")).toEqual({ ok: true });
    expect(await registry.claim([entry("bridge-a"), entry("bridge-c")], "bridge-new")).toEqual({ ok: false, taken: ["bridge-a"] });
    // The refusal gave back bridge-c's shard claim, so it is free for the next pairing.
    expect(await registry.claim([entry("bridge-c"), entry("bridge-d")], "bridge-new2")).toEqual({ ok: true });
    // …which old code sees: its own claim of bridge-d is refused.
    expect(await legacy().claim([entry("bridge-d"), entry("bridge-e")], "bridge-old2")).toEqual({ ok: false, taken: ["bridge-d"] });
    // A seek registered now is found by old code's moderation too.
    await registry.seeking("bridge-e", "pool-x");
    expect(await legacy().poolsOf("bridge-e")).toEqual(["pool-x"]);
    expect(await registry.poolsOf("bridge-e")).toEqual(["pool-x"]);
  });

  it("after it: seeks that began before its end still check the old object; later seeks and writes do not", async () => {
    const end = Date.now();
    const registry = new Registry(stub, { bridgeUntil: end, now: () => end + 1 });
    expect(await legacy().claim([entry("after-a"), entry("after-b")], "after-old")).toEqual({ ok: true });
    // A seek from before the end: refused by the old object's claim.
    expect(await registry.claim([{ playerId: "after-a", since: end - 1_000 }, entry("after-c")], "after-new")).toEqual({ ok: false, taken: ["after-a"] });
    // The same player's seek begun after the end: the old object is not asked.
    expect(await registry.claim([{ playerId: "after-a", since: end }, { playerId: "after-c", since: end }], "after-new2")).toEqual({ ok: true });
    expect(await legacy().taken([{ playerId: "after-c", since: 0 }], "probe")).toEqual([]);
    // An hour (the longest seek) after the end, the old object is never asked again.
    const later = new Registry(stub, { bridgeUntil: end, now: () => end + SEEK_LIMITS.maxSeekMs + 1 });
    expect(await later.claim([entry("after-b"), entry("after-d")], "after-new3")).toEqual({ ok: true });
  });

  it("a bridge time that does not parse is a configuration error, said in its name", async () => {
    const { bridgeUntil } = await import("../../src/server/quick/shards");
    expect(bridgeUntil({ SEEK_REGISTRY_BRIDGE_UNTIL: "" })).toBeNull();
    expect(bridgeUntil({})).toBeNull();
    expect(bridgeUntil({ SEEK_REGISTRY_BRIDGE_UNTIL: "2026-12-03T09:00:00Z" })).toBe(Date.UTC(2026, 11, 3, 9));
    expect(() => bridgeUntil({ SEEK_REGISTRY_BRIDGE_UNTIL: "tomorrow" })).toThrow(/SEEK_REGISTRY_BRIDGE_UNTIL/);
  });
});

describe("players seeking in several pools, paired concurrently", () => {
  it("every player is seated at most once, at a table with someone else, and nobody is left with neither a seat nor a seek", async () => {
    const pools = [freshChoice(), freshChoice(), freshChoice()];
    const players = await Promise.all(Array.from({ length: 6 }, () => guest()));
    // Each pool orders the six differently (ratings 1500–1550, all within the first gap), so the pools' waves
    // propose different pairs and race for the same players.
    for (const [k, choice] of pools.entries()) for (const [i, p] of players.entries()) await setRating(p.player.id, choice.preset, 1500 + ((i * (k + 1) + k) % 6) * 10);
    const seeks: Array<{ playerId: string; pool: number; client: SeekClient }> = [];
    for (const p of players) for (const [i, choice] of pools.entries()) seeks.push({ playerId: p.player.id, pool: i, client: (await seek(choice, p.token)).client });
    // Every pool pairs its six at once, and again while any pool still has two to pair (each wave at the same time).
    for (let round = 0; round < 6; round++) {
      const rows = await Promise.all(pools.map((choice) => poolRows(choice)));
      if (rows.every((r) => r.length < 2)) break;
      await Promise.all(pools.map((choice) => wave(choice)));
    }
    const rows = await Promise.all(pools.map((choice) => poolRows(choice)));
    const waiting = new Set(rows.flat().map((r) => r.player_id));
    const seats = new Map<string, Array<{ playerId: string; opponent: string }>>();
    const paired = new Map<string, number>();
    for (const x of seeks) {
      // A seek its pool no longer holds has ended: its socket carried its last message and closed.
      if (!rows[x.pool]!.some((r) => r.player_id === x.playerId)) await x.client.whenClosed();
      for (const m of x.client.received) {
        if (m.type !== "paired") continue;
        paired.set(x.playerId, (paired.get(x.playerId) ?? 0) + 1);
        seats.set(m.grant.tableId, [...(seats.get(m.grant.tableId) ?? []), { playerId: x.playerId, opponent: m.opponent.playerId }]);
      }
      const ended = x.client.received.filter((m) => m.type === "cancelled");
      for (const m of ended) expect(m).toEqual({ type: "cancelled", reason: "paired-elsewhere" });
    }
    for (const p of players) {
      expect(paired.get(p.player.id) ?? 0, `${p.player.id} paired twice`).toBeLessThanOrEqual(1);
      expect(paired.has(p.player.id) || waiting.has(p.player.id), `${p.player.id} has neither a seat nor a seek`).toBe(true);
    }
    expect(seats.size).toBeGreaterThan(0);
    for (const [, pair] of seats) {
      expect(pair).toHaveLength(2);
      expect(pair[0]!.playerId).not.toBe(pair[1]!.playerId);
      expect(pair[0]!.opponent).toBe(pair[1]!.playerId);
      expect(pair[1]!.opponent).toBe(pair[0]!.playerId);
    }
    // Six players who all accept each other in every pool: the first waves already seat most of them.
    expect(paired.size).toBeGreaterThanOrEqual(4);
  });
});
