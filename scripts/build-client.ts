/**
 * Builds the typed client (src/client) into dist/client-package, a package others install (docs/client.md):
 * - `index.js`: one ESM bundle (esbuild; zod and the protocol inside, so it has no runtime dependencies);
 * - `types/`: the declarations (tsc), with relative imports given their `.js` names and `zod` pointed at a copy of
 *   zod's own declarations under `types/vendor/zod`, so they resolve in a project with nothing else installed;
 * - `openapi.json`: the document the server serves at /v1/openapi.json, from createApp() run here in Node;
 * - `schemas/*.json`: a JSON Schema (draft 2020-12) for every WebSocket frame, from the protocol's zod schemas;
 * - `package.json` (version = PROTOCOL_VERSION), `README.md` (docs/client.md).
 * `npm pack` in that folder makes the tarball.
 */
import { build, type Plugin } from "esbuild";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as z from "zod";
import {
  ChannelClientMessageSchema,
  ChannelServerMessageSchema,
  ClientMessageSchema,
  LobbyFeedMessageSchema,
  LobbyMessageSchema,
  PROTOCOL_VERSION,
  SeekClientMessageSchema,
  SeekServerMessageSchema,
  ServerMessageSchema,
} from "../src/protocol";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist/client-package");
const types = join(out, "types");
const work = join(root, "dist/client-build");

rmSync(out, { recursive: true, force: true });
rmSync(work, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
mkdirSync(work, { recursive: true });

// ── the JavaScript ──
await build({
  entryPoints: [join(root, "src/client/index.ts")],
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  target: "es2022",
  outfile: join(out, "index.js"),
  logLevel: "warning",
});

// ── the declarations ──
writeFileSync(
  join(work, "tsconfig.json"),
  JSON.stringify({
    extends: join(root, "tsconfig.json"),
    compilerOptions: {
      lib: ["ES2023", "DOM", "DOM.Iterable"],
      types: [],
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      rootDir: join(root, "src"),
      outDir: types,
    },
    include: [],
    files: [join(root, "src/client/index.ts")],
  }),
);
execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", join(work, "tsconfig.json")], { stdio: "inherit" });

const vendorZod = join(types, "vendor/zod");
const zodRoot = join(root, "node_modules/zod");
function copyDeclarations(from: string, to: string): void {
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) copyDeclarations(path, join(to, name));
    else if (name.endsWith(".d.ts")) {
      mkdirSync(to, { recursive: true });
      cpSync(path, join(to, name));
    }
  }
}
copyDeclarations(zodRoot, vendorZod);
cpSync(join(zodRoot, "LICENSE"), join(vendorZod, "LICENSE"));

/** A specifier as a consumer's resolver finds it: `./x` → `./x.js` or `./x/index.js`; `zod…` → the vendored copy. */
function resolvedSpecifier(file: string, spec: string): string {
  let target: string;
  if (spec === "zod" || spec.startsWith("zod/")) target = join(vendorZod, spec.slice(3));
  else if (spec.startsWith(".")) target = join(dirname(file), spec);
  else return spec;
  if (target.endsWith(".js")) return spec;
  const path = existsSync(`${target}.d.ts`)
    ? `${target}.js`
    : existsSync(join(target, "index.d.ts"))
      ? join(target, "index.js")
      : null;
  if (path === null) throw new Error(`${relative(root, file)}: cannot resolve "${spec}"`);
  const rel = relative(dirname(file), path);
  return rel.startsWith(".") ? rel : `./${rel}`;
}
function rewriteDeclarations(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (path === vendorZod) continue;
    if (statSync(path).isDirectory()) rewriteDeclarations(path);
    else if (name.endsWith(".d.ts")) {
      const text = readFileSync(path, "utf8").replace(
        /(\bfrom\s+|\bimport\(\s*)"([^"]+)"/g,
        (_all, lead: string, spec: string) => `${lead}"${resolvedSpecifier(path, spec)}"`,
      );
      writeFileSync(path, text);
    }
  }
}
rewriteDeclarations(types);

// ── the published schemas ──
// createApp() is plain Hono; only the Durable Object classes it reaches import `cloudflare:workers`, stubbed here.
const cloudflareStub: Plugin = {
  name: "cloudflare-stub",
  setup(b) {
    b.onResolve({ filter: /^cloudflare:/ }, (args) => ({ path: args.path, namespace: "cloudflare-stub" }));
    b.onLoad({ filter: /.*/, namespace: "cloudflare-stub" }, () => ({
      contents: "export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }\n" +
        "export class WorkerEntrypoint {}\nexport const env = {};\n",
      loader: "js",
    }));
  },
};
const appEntry = join(work, "openapi-entry.ts");
writeFileSync(
  appEntry,
  `import { createApp } from ${JSON.stringify(join(root, "src/server/app"))};\n` +
    `export async function openapi() { return (await createApp().request("/v1/openapi.json")).json(); }\n`,
);
await build({
  entryPoints: [appEntry],
  bundle: true,
  format: "esm",
  platform: "node",
  target: "es2022",
  outfile: join(work, "openapi.mjs"),
  plugins: [cloudflareStub],
  logLevel: "warning",
});
const { openapi } = (await import(pathToFileURL(join(work, "openapi.mjs")).href)) as { openapi: () => Promise<unknown> };
writeFileSync(join(out, "openapi.json"), `${JSON.stringify(await openapi(), null, 2)}\n`);

/** Every WebSocket's frames, one file each: `<socket>.<direction>.json`. */
export const FRAME_SCHEMAS: Record<string, z.ZodType> = {
  "table.server": ServerMessageSchema,
  "table.client": ClientMessageSchema,
  "lobby.server": LobbyMessageSchema,
  "lobby-feed.server": LobbyFeedMessageSchema,
  "seek.server": SeekServerMessageSchema,
  "seek.client": SeekClientMessageSchema,
  "channel.server": ChannelServerMessageSchema,
  "channel.client": ChannelClientMessageSchema,
};
mkdirSync(join(out, "schemas"));
for (const [name, schema] of Object.entries(FRAME_SCHEMAS)) {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", unrepresentable: "any", io: "output" });
  writeFileSync(join(out, "schemas", `${name}.json`), `${JSON.stringify({ title: name, ...json }, null, 2)}\n`);
}

// ── package.json, README, LICENSE ──
const manifest = {
  name: "@nardi/client",
  version: PROTOCOL_VERSION,
  description: "Typed client for the nardi server's HTTP API and WebSockets (tables, lobby feed, quick match)",
  license: "MIT",
  type: "module",
  main: "./index.js",
  types: "./types/client/index.d.ts",
  exports: {
    ".": { types: "./types/client/index.d.ts", import: "./index.js", default: "./index.js" },
    "./openapi.json": "./openapi.json",
    "./schemas/*": "./schemas/*",
    "./package.json": "./package.json",
  },
  files: ["index.js", "types", "openapi.json", "schemas", "README.md"],
  engines: { node: ">=22" },
  sideEffects: false,
};
writeFileSync(join(out, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(root, "docs/client.md"), join(out, "README.md"));
rmSync(work, { recursive: true, force: true });
console.log(`client package ${manifest.name}@${manifest.version} built into ${relative(root, out)}`);
