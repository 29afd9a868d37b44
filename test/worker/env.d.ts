// The bindings `env` from cloudflare:test carries: the Worker's own, plus the migrations vitest.config.mts reads.
import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../src/server/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
