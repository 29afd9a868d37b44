/**
 * The layers of src/ import one way (docs: DESIGN.md's architecture; README "What is here"): this reads every import of
 * every source file, type-only ones included, and fails when a layer reaches up. Cheaper than a linter, and it
 * says the rule where a newcomer trips over it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) ? [path] : [];
  });
}

interface Import {
  file: string;
  /** src-relative path of what a relative import names ("engine/types"; a folder stands for its index.ts), or the bare specifier ("zod"). */
  target: string;
  bare: boolean;
}

const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm;

function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(IMPORT)].map((match) => {
    const spec = match[1]!;
    if (!spec.startsWith(".")) return { file: relative(SRC, file), target: spec, bare: true };
    return { file: relative(SRC, file), target: relative(SRC, resolve(dirname(file), spec)), bare: false };
  });
}

const ALL = sources(SRC).flatMap(importsOf);
const layer = (path: string) => path.split("/")[0]!;
const within = (path: string, ...layers: string[]) => layers.includes(layer(path));
const describeImport = (i: Import) => `${i.file} → ${i.target}`;

describe("layers of src/", () => {
  it("finds the imports it checks (the reader is not blind)", () => {
    expect(ALL.some((i) => i.file.startsWith("server/") && i.target === "protocol")).toBe(true);
    expect(ALL.some((i) => i.file.startsWith("engine/") && !i.bare)).toBe(true);
    expect(ALL.some((i) => i.target === "zod")).toBe(true);
  });

  it("the engine imports nothing outside itself: no package, no other layer", () => {
    const bad = ALL.filter((i) => layer(i.file) === "engine" && (i.bare || !within(i.target, "engine")));
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("the protocol imports only itself, the engine, zod and the hash package", () => {
    const allowed = (spec: string) => spec === "zod" || spec.startsWith("@noble/hashes/");
    const bad = ALL.filter((i) => layer(i.file) === "protocol" && (i.bare ? !allowed(i.target) : !within(i.target, "protocol", "engine")));
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("nothing outside the server imports the server", () => {
    const bad = ALL.filter((i) => layer(i.file) !== "server" && !i.bare && within(i.target, "server"));
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("clients (the typed client, the web page, bots, the CLI) stay above the server: only engine, protocol, client and their own layer", () => {
    // The CLI's `analyse` command runs the analyser (src/analysis), as the server does.
    const bad = ALL.filter(
      (i) => within(i.file, "client", "web", "bot", "cli") && !i.bare && !within(i.target, "engine", "protocol", "client", layer(i.file)) && !(layer(i.file) === "cli" && within(i.target, "analysis")),
    );
    expect(bad.map(describeImport)).toEqual([]);
  });

  it("the analyser imports only the engine, the protocol, the bots and itself; only the server and the CLI import it", () => {
    const inside = ALL.filter((i) => layer(i.file) === "analysis" && (i.bare || !within(i.target, "engine", "protocol", "bot", "analysis")));
    const users = ALL.filter((i) => !i.bare && within(i.target, "analysis") && !within(i.file, "analysis", "server", "cli"));
    expect([...inside, ...users].map(describeImport)).toEqual([]);
  });

  it("the Durable Objects and their handlers never import the HTTP routes", () => {
    const objects = (file: string) => /^server\/(match-room|lobby)\.ts$|^server\/(room|quick)\//.test(file);
    const bad = ALL.filter((i) => objects(i.file) && !i.bare && i.target.startsWith("server/routes/"));
    expect(bad.map(describeImport)).toEqual([]);
  });
});
