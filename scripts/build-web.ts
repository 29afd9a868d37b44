/**
 * Builds the browser client (src/web) into dist/web, which the Worker serves as static assets.
 * The style sheet is concatenated from src/web/styles/*.css. Everything is bundled locally with esbuild: nothing is fetched at build or run time. The source map goes to
 * dist/sourcemaps, outside the served folder: it is for the developer's tools and error reports, not the public.
 * wrangler.toml's `[build]` runs this before every `wrangler dev` and `wrangler deploy`.
 */
import { build } from "esbuild";
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src/web");
const out = join(root, "dist/web");
const maps = join(root, "dist/sourcemaps");

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
mkdirSync(maps, { recursive: true });
cpSync(join(src, "static"), out, { recursive: true });
// The style sheet is every file of src/web/styles in name order, one file per area of the page (base, lobby, table…).
const styles = join(src, "styles");
const css = readdirSync(styles)
  .filter((f) => f.endsWith(".css"))
  .sort()
  .map((f) => `/* ${f} */\n${readFileSync(join(styles, f), "utf8")}`)
  .join("\n");
writeFileSync(join(out, "style.css"), css);
await build({
  entryPoints: [join(src, "main.ts")],
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  // "external": no sourceMappingURL comment, so browsers do not ask the server for a file it does not serve.
  sourcemap: "external",
  outfile: join(out, "app.js"),
  logLevel: "warning",
});
renameSync(join(out, "app.js.map"), join(maps, "app.js.map"));
console.log(`web client built into ${out}`);
