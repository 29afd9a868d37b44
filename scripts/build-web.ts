/**
 * Builds the browser client (src/web) into dist/web, which the Worker serves as static assets.
 * Everything is bundled locally with esbuild: nothing is fetched at build or run time.
 */
import { build } from "esbuild";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src/web");
const out = join(root, "dist/web");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(src, "static"), out, { recursive: true });
await build({
  entryPoints: [join(src, "main.ts")],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  outfile: join(out, "app.js"),
  logLevel: "warning",
});
console.log(`web client built into ${out}`);
