import { defineConfig } from "vitest/config";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";

// The worker tests start from the real schema: migrations/ is applied to each test's D1 by test/worker/setup.ts.
const migrations = await readD1Migrations("./migrations");

// End-to-end files that start (and kill, wipe or reconfigure) servers of their own and never use the shared one: a
// project of their own, which `npm test` runs beside the shared server's (test/support/run-suite.ts).
const OWN_SERVER = [
  "test/e2e/admin-cli.test.ts",
  "test/e2e/analysis.test.ts",
  "test/e2e/backup.test.ts",
  "test/e2e/ban.test.ts",
  "test/e2e/presence-restart.test.ts",
  "test/e2e/coins.test.ts",
  "test/e2e/deploy.test.ts",
  "test/e2e/quick.test.ts",
  "test/e2e/restart-forfeit.test.ts",
  "test/e2e/restart.test.ts",
  "test/browser/site-switch.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        // The pure rules engine, bots and the CLI, in Node.
        test: { name: "engine", include: ["test/engine/**/*.test.ts", "test/web/**/*.test.ts", "test/repo/**/*.test.ts"], environment: "node", testTimeout: 60_000 },
      },
      {
        // The Worker and the match Durable Object inside workerd (Miniflare).
        // Requests from SELF carry no client address ("unknown"): exempt from the per-client limits, which the
        // tests that prove them pass by sending their own CF-Connecting-IP. The migrations are applied by test/worker/setup.ts.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // METRICS_FLUSH_MS 0: error counts reach the Monitor at once (src/server/metrics/errors.ts). ANALYSIS_DELAY_SECONDS:
            // the analysis queue holds every message for an hour, so no test's finished match is analysed behind its back
            // (the analysis tests drive the consumer themselves; test/e2e/analysis.test.ts runs the real queue).
            miniflare: { bindings: { RATE_LIMIT_EXEMPT: "unknown", METRICS_FLUSH_MS: "0", ANALYSIS_DELAY_SECONDS: "3600", TEST_MIGRATIONS: migrations } },
          }),
        ],
        test: { name: "worker", include: ["test/worker/**/*.test.ts"], setupFiles: ["test/worker/setup.ts"], testTimeout: 30_000 },
      },
      {
        // Real sockets against `wrangler dev`, and Debian's Chromium driven by playwright-core.
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts", "test/browser/**/*.test.ts"],
          exclude: OWN_SERVER,
          environment: "node",
          globalSetup: ["test/support/wrangler-dev.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The same, for the files with servers of their own (no shared server is started for them).
        test: {
          name: "e2e-own",
          include: OWN_SERVER,
          environment: "node",
          globalSetup: ["test/support/template-only.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
