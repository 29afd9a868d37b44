/**
 * `npm run admin` against a real `wrangler dev`'s D1 (its own server, pointed at with --persist-to): the first
 * admin is made from the command line, the role works on the very next request, the grant is in the moderation log
 * with no actor, that admin grants a moderator through the API, and a revoke from the command line takes it away.
 * Also migration 0010 on a D1 that already holds transfers: it rebuilds coin_transfers keeping every row, balance,
 * trigger and index, and `npm run ledger:check` stays sound.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ledgerCheck } from "../../scripts/ledger-check";
import { NardiClient } from "../../src/client";
import type { SessionGrant } from "../../src/protocol";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let server: DevServer;

beforeAll(async () => {
  server = await startDevServer();
}, 300_000);
afterAll(async () => {
  await server?.stop();
});

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function member(name: string): Promise<SessionGrant> {
  const grant = (await (await call("POST", "/v1/players")).json()) as SessionGrant;
  const claimed = await call("POST", "/v1/me/claim", grant.token, { name, password: "correct horse" });
  expect(claimed.status).toBe(200);
  return grant;
}

/** Runs the command on the server's state, then waits until the server answers again (the command's own wrangler may have closed a kept-alive connection). */
async function npmAdmin(...args: string[]): Promise<{ status: number | null; out: string }> {
  const run = spawnSync("npm", ["run", "-s", "admin", "--", ...args, "--persist-to", server.stateDir], { cwd: ROOT, encoding: "utf8" });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${server.baseUrl}/v1/health`)).ok) break;
    } catch (err) {
      if (i >= 20) throw err;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

test("the first admin is made by npm run admin, logged with no actor, and a revoke from the command line takes the role away", async () => {
  const first = await member("FirstAdmin");
  const helper = await member("Helper");
  expect((await call("GET", "/v1/admin/log", first.token)).status).toBe(403);

  const granted = await npmAdmin("grant", "firstadmin", "admin");
  expect(granted, granted.out).toMatchObject({ status: 0 });
  expect(granted.out).toContain(`granted admin to FirstAdmin (${first.player.id})`);
  expect((await npmAdmin("grant", "Nobody", "admin")).status).toBe(1);
  expect((await npmAdmin("grant", "FirstAdmin", "boss")).status).toBe(2);

  // The typed client parses every answer with the protocol's schemas.
  const staff = new NardiClient(server.baseUrl).withSession(first.token);
  expect((await staff.adminLog()).entries).toEqual([
    expect.objectContaining({ action: "grant-role", actorId: null, playerId: first.player.id, reason: "other", detail: { role: "admin" } }),
  ]);

  const viaApi = await staff.adminSetRole(helper.player.id, { op: "grant", role: "moderator" });
  expect(viaApi.entry).toMatchObject({ action: "grant-role", actorId: first.player.id });
  expect((await staff.adminGetPlayer(helper.player.id)).roles).toEqual([expect.objectContaining({ role: "moderator", grantedBy: first.player.id })]);
  const listed = await npmAdmin("list");
  expect(listed.status).toBe(0);
  expect(listed.out).toMatch(/FirstAdmin\t\S+\tadmin/);
  expect(listed.out).toMatch(/Helper\t\S+\tmoderator/);

  const revoked = await npmAdmin("revoke", "FirstAdmin", "admin");
  expect(revoked, revoked.out).toMatchObject({ status: 0 });
  expect((await call("GET", "/v1/admin/log", first.token)).status).toBe(403);
  expect((await call("GET", "/v1/admin/log", helper.token)).status).toBe(200);
});

const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");

/** `wrangler d1 …` on a scratch database; the rows of each statement. */
function d1(args: string[]): Array<Record<string, unknown>[]> {
  const run = spawnSync(process.execPath, [WRANGLER, "d1", ...args], {
    cwd: ROOT,
    env: { ...process.env, CI: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`wrangler d1 ${args[0]} failed:\n${run.stdout}\n${run.stderr}`);
  return args.includes("--json") ? (JSON.parse(run.stdout) as Array<{ results: Record<string, unknown>[] }>).map((r) => r.results) : [];
}

test("migration 0010 rebuilds coin_transfers on a database that holds transfers: rows, balances, triggers and indexes kept", () => {
  const dir = mkdtempSync(join(tmpdir(), "nardi-0010-"));
  try {
    mkdirSync(join(dir, "migrations"));
    const config = join(dir, "wrangler.toml");
    writeFileSync(
      config,
      'name = "migration-0010"\ncompatibility_date = "2026-11-01"\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "nardi"\n' +
        'database_id = "00000000-0000-0000-0000-000000000000"\nmigrations_dir = "migrations"\n',
    );
    const target = ["--local", "--config", config, "--persist-to", join(dir, "state")];
    const all = readdirSync(join(ROOT, "migrations")).filter((f) => f.endsWith(".sql")).sort();
    const before = all.filter((f) => f < "0010");
    for (const f of before) copyFileSync(join(ROOT, "migrations", f), join(dir, "migrations", f));
    d1(["migrations", "apply", "DB", ...target]);
    const sql = (command: string) => d1(["execute", "DB", ...target, "--json", "--command", command]);
    sql(
      "INSERT INTO coin_transfers (id, from_account, to_account, amount, purpose, table_id, at) VALUES " +
        "('grant:a', 'house', 'player:a', 1000, 'grant', NULL, 1), ('grant:b', 'house', 'player:b', 1000, 'grant', NULL, 1), " +
        "('t:white:a:hold', 'player:a', 'table:t', 100, 'hold', 't', 2)",
    );
    const balances = "SELECT id, balance FROM coin_accounts ORDER BY id";
    const [held] = sql(balances);

    for (const f of all.filter((f) => !before.includes(f))) copyFileSync(join(ROOT, "migrations", f), join(dir, "migrations", f));
    d1(["migrations", "apply", "DB", ...target]);
    const [after, count, schema] = sql(`${balances}; SELECT count(*) AS n FROM coin_transfers; SELECT name FROM sqlite_master WHERE tbl_name = 'coin_transfers' AND name NOT LIKE 'sqlite_%' ORDER BY name`);
    expect(after).toEqual(held);
    expect(count).toEqual([{ n: 3 }]);
    expect(schema!.map((r) => r.name)).toEqual(
      expect.arrayContaining(["coin_transfers", "coin_transfers_from", "coin_transfers_no_delete", "coin_transfers_no_update", "coin_transfers_post", "coin_transfers_table", "coin_transfers_to"]),
    );
    // The new purpose is accepted and its balance kept by the rebuilt trigger; the append-only guard still holds.
    const [, moved] = sql(`INSERT INTO coin_transfers VALUES ('reversal:x:0', 'player:a', 'player:b', 5, 'reversal', 't', 3); ${balances}`);
    expect(moved).toEqual([
      { id: "house", balance: -2000 },
      { id: "player:a", balance: 895 },
      { id: "player:b", balance: 1005 },
      { id: "table:t", balance: 100 },
    ]);
    expect(() => sql("DELETE FROM coin_transfers WHERE id = 'reversal:x:0'")).toThrow(/append-only/);
    expect(() => sql("INSERT INTO coin_transfers VALUES ('y', 'player:a', 'player:b', 5, 'gift', NULL, 4)")).toThrow(/CHECK/);
    expect(ledgerCheck(target.slice(1))).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0, transfers: 4 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
