/**
 * Every `docs/…` file the code names exists, every `src/…` file the docs name exists, and no comment sends a
 * reader to `RULES.md`, a file this repository does not have (the rules are docs/rules.md, with the same section
 * numbers). A renamed or removed file fails here, not in a newcomer's editor.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SCANNED = ["src", "scripts", "test", "migrations", "docs", "README.md", "wrangler.toml", "package.json", ".ci"];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => (name === "node_modules" || name === "weights" ? [] : files(join(path, name))));
}

const TEXT = /\.(ts|js|mjs|md|sql|toml|json|html|css)$|\/run$/;
const SELF = fileURLToPath(import.meta.url);
const SOURCES = SCANNED.flatMap((p) => files(join(ROOT, p))).filter((f) => TEXT.test(f) && f !== SELF);
/** `docs/name.md` and `docs/folder/`, as prose and comments write them (a trailing `.` or `)` is punctuation). */
const DOC_PATH = /(?<![\w/.-])docs\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)*(?:\.md|\.png|\.svg|\/)/g;

interface Mention {
  file: string;
  path: string;
}

const MENTIONS: Mention[] = SOURCES.flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(DOC_PATH)].map((m) => ({ file: relative(ROOT, file), path: m[0] })),
);

describe("paths to docs named in the code", () => {
  it("finds the mentions it checks (the reader is not blind)", () => {
    expect(MENTIONS.length).toBeGreaterThan(100);
    expect(MENTIONS.some((m) => m.path === "docs/protocol.md")).toBe(true);
  });

  it("every docs/… path named exists", () => {
    const missing = MENTIONS.filter((m) => !existsSync(join(ROOT, m.path))).map((m) => `${m.file}: ${m.path}`);
    expect(missing).toEqual([]);
  });

  it("every src/… or test/… file the docs and the README name exists", () => {
    const docs = SOURCES.filter((file) => /\.md$/.test(file));
    const named = docs.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?<![\w/.-])(?:src|test|scripts)\/[A-Za-z0-9_/.-]+\.(?:ts|json|sql)/g)].map((m) => ({ file: relative(ROOT, file), path: m[0] })),
    );
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((m) => !existsSync(join(ROOT, m.path))).map((m) => `${m.file}: ${m.path}`)).toEqual([]);
  });

  it("nothing points at RULES.md, which this repository does not have (docs/rules.md is the rules)", () => {
    const bare = /(?<![\w/.-])RULES\.md/;
    const stray = SOURCES.filter((file) => bare.test(readFileSync(file, "utf8"))).map((file) => relative(ROOT, file));
    expect(stray).toEqual([]);
  });
});
