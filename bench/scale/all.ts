/**
 * `npm run bench:scale`: every global part's bench in turn (docs/scale.md), each in its own process so one's
 * server and sockets are gone before the next starts. A bench that fails is reported and the others still run.
 */
import { spawnSync } from "node:child_process";

const BENCHES = ["lobby", "registry", "auth", "d1"] as const;

let failed = 0;
for (const name of BENCHES) {
  console.log(`\n== bench:scale:${name}`);
  const run = spawnSync("npm", ["run", "-s", `bench:scale:${name}`, "--", ...process.argv.slice(2)], { stdio: "inherit" });
  if (run.status !== 0) {
    failed++;
    console.log(`bench:scale:${name} exited ${run.status ?? run.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
