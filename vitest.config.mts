import { defineConfig } from "vitest/config";
import { cloudflareTest } from "@cloudflare/vitest-plugin";

export default defineConfig({
  test: {
    projects: [
      {
        // The pure rules engine, bots and the CLI, in Node.
        test: { name: "engine", include: ["test/engine/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        // The Worker and the match Durable Object inside workerd (Miniflare).
        // Requests from SELF carry no client address ("unknown"): exempt from the per-client limits, which the
        // tests that prove them pass by sending their own CF-Connecting-IP.
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.toml" }, miniflare: { bindings: { RATE_LIMIT_EXEMPT: "unknown" } } })],
        test: { name: "worker", include: ["test/worker/**/*.test.ts"], testTimeout: 30_000 },
      },
      {
        // Real sockets against `wrangler dev`, and Debian's Chromium driven by playwright-core.
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "test/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/support/wrangler-dev.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
