// The bindings `env` from cloudflare:test carries: the Worker's own.
import type { Env as WorkerEnv } from "../../src/server/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
