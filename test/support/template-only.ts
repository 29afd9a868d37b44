/** Vitest global setup of the `e2e-own` project: bundles and migrates once for its servers, starts no shared one (wrangler-dev.ts). */
export { setupTemplateOnly as default } from "./wrangler-dev";
