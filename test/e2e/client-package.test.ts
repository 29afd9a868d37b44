/**
 * The published client (docs/client.md): `npm run build:client` builds dist/client-package, `npm pack` packs it,
 * and the tarball installs with `npm install --offline` into an empty project (so it needs nothing from a
 * registry). There a consumer file that imports only `@nardi/client` typechecks under `nodenext` resolution with
 * no other types installed, and, run with Node 22, plays a whole 1-point match against the shared server.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, inject, test } from "vitest";
import { PROTOCOL_VERSION } from "../../src/protocol";

const baseUrl = inject("baseUrl");
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = join(root, "dist/client-package");
const node22 = join(root, "node_modules/node/bin/node");
const work = mkdtempSync(join(tmpdir(), "nardi-client-package-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(cmd: string, args: string[], cwd: string): string {
  return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
}

describe("the client package", () => {
  test("builds, packs, installs offline into an empty project, typechecks and plays a 1-point match", { timeout: 120_000 }, () => {
    run(join(root, "node_modules/.bin/tsx"), [join(root, "scripts/build-client.ts")], root);
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { name: string; version: string; dependencies?: object };
    expect(manifest.name).toBe("@nardi/client");
    expect(manifest.version).toBe(PROTOCOL_VERSION);
    expect(manifest.dependencies).toBeUndefined();

    const tarballs = join(work, "tarballs");
    mkdirSync(tarballs);
    const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tarballs], pkg)) as { filename: string; files: { path: string }[] }[];
    const files = packed[0]?.files.map((f) => f.path) ?? [];
    expect(files).toEqual(expect.arrayContaining(["index.js", "types/client/index.d.ts", "openapi.json", "README.md", "schemas/table.server.json", "schemas/channel.server.json"]));

    const project = join(work, "consumer");
    mkdirSync(project);
    cpSync(join(root, "test/client-package/consumer.ts"), join(project, "main.ts"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2023", "dom"], types: [], noEmit: true },
        files: ["main.ts"],
      }),
    );
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", join(tarballs, packed[0]?.filename ?? "")], project);
    // Only the package itself is installed: no zod, no types from elsewhere.
    expect(readdirSync(join(project, "node_modules")).filter((n) => !n.startsWith(".")).sort()).toEqual(["@nardi"]);
    expect(existsSync(join(project, "node_modules/@nardi/client/schemas/seek.client.json"))).toBe(true);

    // The declarations resolve (skipLibCheck off: the package's own .d.ts files are checked too).
    run(join(root, "node_modules/.bin/tsc"), ["-p", project], project);

    const result = JSON.parse(run(node22, ["main.ts", baseUrl], project).trim().split("\n").pop() ?? "{}") as Record<string, unknown>;
    expect(result.version).toBe(PROTOCOL_VERSION);
    expect(["white", "black"]).toContain(result.winner);
    expect(Number(result.commands)).toBeGreaterThan(2);
  });

  test("publishes a JSON Schema for every socket's frames and the served OpenAPI document", async () => {
    // Needs the first test's build (the tests of a file run in order).
    const schemas = readdirSync(join(pkg, "schemas")).sort();
    expect(schemas).toEqual([
      "channel.client.json",
      "channel.server.json",
      "lobby-feed.server.json",
      "lobby.server.json",
      "seek.client.json",
      "seek.server.json",
      "table.client.json",
      "table.server.json",
    ]);
    const tableServer = JSON.parse(readFileSync(join(pkg, "schemas/table.server.json"), "utf8")) as { $schema: string; oneOf?: unknown[]; anyOf?: unknown[] };
    expect(tableServer.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(JSON.stringify(tableServer)).toContain('"welcome"');
    const published = JSON.parse(readFileSync(join(pkg, "openapi.json"), "utf8")) as unknown;
    const served = (await (await fetch(`${baseUrl}/v1/openapi.json`)).json()) as unknown;
    expect(published).toEqual(served);
  });
});
