/**
 * The Worker `npm run bench:scale:registry` runs under `wrangler dev`: the real SeekRegistry objects, and one
 * route that plays many pools pairing at once through the real Registry façade (src/server/quick/shards.ts).
 *
 *   GET /run?shards=32&pairings=2000&concurrency=64&contested=0.1&run=<id>
 *
 * `pairings` pairings of two players each (both seeks registered first, as pools register them, then the
 * claim), `concurrency` of them under way at a time (as many pools' waves),
 * a share `contested` of them naming a player another pairing of the run also names (a player seeking in two
 * pools): one of the two is refused. Answers the wall time, pairings made and refused, and the calls each
 * registry object received (the busiest one is the wall). The objects are the same across runs (warm); the
 * players are new in each.
 */
import { SeekRegistry } from "../../src/server/quick/registry";
import { Registry, type RegistryObject } from "../../src/server/quick/shards";

export { SeekRegistry };

interface BenchEnv {
  SEEK_REGISTRY: DurableObjectNamespace<SeekRegistry>;
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const num = (name: string, fallback: number) => Number(url.searchParams.get(name) ?? fallback);
    const shards = num("shards", 32);
    const pairings = Math.min(num("pairings", 2000), 100_000);
    const concurrency = Math.max(1, num("concurrency", 64));
    const contested = num("contested", 0.1);
    const run = url.searchParams.get("run") ?? crypto.randomUUID();
    const calls = new Map<string, number>();
    const registry = new Registry(
      (name): RegistryObject => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return env.SEEK_REGISTRY.getByName(name);
      },
      { shards },
    );
    // Player ids as the server makes them (random), so the shards get what production gives them.
    const ids = Array.from({ length: pairings * 2 }, () => crypto.randomUUID());
    const pairs = Array.from({ length: pairings }, (_, i): [string, string] => {
      // A contested pairing reuses the first player of the pairing before it.
      const a = i > 0 && (i * 7919) % 1000 < contested * 1000 ? ids[(i - 1) * 2]! : ids[i * 2]!;
      return [a, ids[i * 2 + 1]!];
    });
    let made = 0;
    let refused = 0;
    let next = 0;
    const started = Date.now();
    const latencies: number[] = [];
    const worker = async (): Promise<void> => {
      while (next < pairs.length) {
        const i = next++;
        const [a, b] = pairs[i]!;
        // Each seek is registered as a pool registers it, then the pairing claims both.
        await Promise.all([registry.seeking(a, "bench.pool"), registry.seeking(b, "bench.pool")]);
        const t0 = performance.now();
        const claim = await registry.claim([{ playerId: a, since: 0 }, { playerId: b, since: 0 }], `${run}-t${i}`);
        latencies.push(performance.now() - t0);
        if (claim.ok) made++;
        else refused++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const ms = Date.now() - started;
    latencies.sort((x, y) => x - y);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    return Response.json({ shards, pairings, concurrency, ms, made, refused, p50: at(0.5), p99: at(0.99), busiest: Math.max(...calls.values()), objects: calls.size });
  },
};
