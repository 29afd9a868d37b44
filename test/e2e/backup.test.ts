/**
 * Backup and restore of the D1 database against a real `wrangler dev` of its own (it is halted and its database
 * wiped here): players (a guest and claimed members), a rated match, a stake match and a casual one played to the
 * end over real sockets and delivered; `npm run backup` of the live database; the server stopped, its D1 state
 * deleted, an empty database migrated, `npm run restore`; the server started again on the same state folder. Then
 * the ledger audit (`npm run ledger:check`) is clean, every row of every table is the row that was backed up, and
 * every record a player or a client reads (match records, profiles with ratings, histories, dice counters,
 * balances and transfer histories, sessions still signed in) reads back equal.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NardiClient, type SeatGrant, type SessionGrant } from "../../src/client";
import { backup } from "../../scripts/backup";
import { query, UsageError, type Target } from "../../scripts/d1";
import { ledgerCheck } from "../../scripts/ledger-check";
import { restore } from "../../scripts/restore";
import { classify, MIGRATIONS_TABLE, parseDump, splitStatements } from "../../scripts/sql-dump";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { recordOf } from "../support/tables";
import { startDevServer, type DevServer } from "../support/wrangler-dev";

const STAKE = 150;

let server: DevServer;
let client: NardiClient;
let folder: string;

beforeAll(async () => {
  server = await startDevServer();
  client = new NardiClient(server.baseUrl);
  folder = mkdtempSync(join(tmpdir(), "nardi-backup-test-"));
}, 300_000);
afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const target = (): Target => ({ remote: false, persistTo: server.stateDir, config: server.config });

async function member(name: string): Promise<SessionGrant> {
  const guest = await client.createGuest();
  await client.withSession(guest.token).claim({ name, password: `${name} has a long password` });
  return guest;
}

async function playToTheEnd(white: SeatGrant, black: SeatGrant, seed: number): Promise<void> {
  const run = await playRandomMatch(client, white, black, seededRng(seed), { stepTimeoutMs: 60_000 });
  run.white.close();
  run.black.close();
  expect(run.finished).toBe(true);
}

/** Waits until the stake table's escrow is settled: a payout or refund of it is in the winner's history. */
async function settled(players: SessionGrant[], tableId: string, giveUpMs = 90_000): Promise<void> {
  const giveUp = Date.now() + giveUpMs;
  for (;;) {
    for (const p of players) {
      const { transfers } = await client.withSession(p.token).getCoinTransfers();
      if (transfers.some((t) => t.tableId === tableId && (t.purpose === "payout" || t.purpose === "refund"))) return;
    }
    if (Date.now() > giveUp) throw new Error(`the stake table ${tableId} was never settled`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Everything the players and clients can read, for comparing before and after. */
async function readBack(players: SessionGrant[], tables: string[]) {
  const perPlayer = await Promise.all(
    players.map(async (p) => {
      const as = client.withSession(p.token);
      // The rating deviation shown grows with the time since the last rated match: equal to 1/100 over a minute.
      const profile = await as.me();
      return {
        me: { ...profile, ratings: profile.ratings.map((r) => ({ ...r, rd: Math.round(r.rd) })) },
        public: (await client.getPlayer(p.player.id)).name,
        matches: await client.getPlayerMatches(p.player.id),
        dice: await client.getPlayerDice(p.player.id),
        coins: await as.getCoins(),
        transfers: await as.getCoinTransfers(),
      };
    }),
  );
  const records = await Promise.all(tables.map((id) => client.getMatchRecord(id)));
  return { perPlayer, records };
}

/** The backup's rows as a sorted list of INSERT statements (d1_migrations left out: its applied_at is the migration's). */
function rowsOf(file: string): string[] {
  return parseDump(readFileSync(file, "utf8"))
    .statements.flatMap((s) => (s.kind === "insert" && s.table !== MIGRATIONS_TABLE ? [s.sql] : []))
    .sort();
}

describe.sequential("backup and restore of D1", () => {
  test("backup, wipe, migrate an empty database, restore: the ledger is sound and every record reads back equal", { timeout: 600_000 }, async () => {
    const ann = await member("Annabel");
    const bob = await member("Boris");
    const cy = await client.createGuest();

    const rated = await client.withSession(ann.token).createTable({ preset: "backgammon", length: 1, rated: true });
    const ratedBlack = await client.withSession(bob.token).joinTable(rated.tableId);
    const staked = await client.withSession(bob.token).createTable({ preset: "georgian-short", length: 1, stake: STAKE });
    const stakedBlack = await client.withSession(ann.token).joinTable(staked.tableId);
    const casual = await client.withSession(cy.token).createTable({ preset: "armenian-long", length: 1 });
    const casualBlack = await client.withSession(ann.token).joinTable(casual.tableId);
    await Promise.all([playToTheEnd(rated, ratedBlack, 31), playToTheEnd(staked, stakedBlack, 32), playToTheEnd(casual, casualBlack, 33)]);
    const tables = [rated.tableId, staked.tableId, casual.tableId];
    // Delivered: every record is in D1 and the stake is paid out.
    for (const id of tables) await recordOf(client, id);
    await settled([ann, bob], staked.tableId);
    const players = [ann, bob, cy];
    const before = await readBack(players, tables);
    expect(before.perPlayer[0]!.me.kind).toBe("member");
    expect(before.perPlayer[0]!.me.ratings.map((r) => r.pool)).toEqual(["backgammon"]);
    expect(before.perPlayer[2]!.me.kind).toBe("guest");
    expect(before.records.map((r) => r.players.white.playerId)).toEqual([ann.player.id, bob.player.id, cy.player.id]);
    expect(ledgerCheck(["--persist-to", server.stateDir, "--config", server.config])).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0 });

    // Moderation: a role and a log row, as an operator's grant writes them (the admin routes write the same tables).
    query(target(), `INSERT INTO player_roles (player_id, role, granted_by, granted_at) VALUES ('${ann.player.id}', 'admin', NULL, 1);
      INSERT INTO moderation_log (id, at, actor_id, action, player_id, reason, note) VALUES ('m-1', 2, NULL, 'warn', '${bob.player.id}', 'other', 'a note; with ''quotes''
and a second line');`);

    // The backup is taken while the server serves (as an operator would).
    const file = join(folder, "nardi.sql");
    const lines: string[] = [];
    const summary = backup(target(), file, (l) => lines.push(l));
    expect(summary.migrations.length).toBeGreaterThanOrEqual(4);
    expect(lines.some((l) => l.startsWith("  coin_transfers: "))).toBe(true);
    // It never overwrites a file.
    expect(() => backup(target(), file)).toThrow(UsageError);

    await server.halt();
    server.wipeD1();
    server.migrate();
    const restored = restore(target(), file);
    expect(restored).toMatchObject({ mode: "rows", audit: { disagreements: [], closedNotEmpty: [], total: 0 } });
    await server.resume();

    expect(ledgerCheck(["--persist-to", server.stateDir, "--config", server.config])).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0 });
    // The triggers are back: the ledger and the moderation log are append-only again.
    expect(() => query(target(), "UPDATE coin_transfers SET amount = amount + 1")).toThrow(/append-only/);
    expect(() => query(target(), "DELETE FROM moderation_log")).toThrow(/append-only/);
    // Row for row what was backed up, in every table (a second backup of the restored database).
    const again = join(folder, "again.sql");
    backup(target(), again);
    expect(rowsOf(again)).toEqual(rowsOf(file));
    // And everything a client reads is as it was; the sessions still sign their players in.
    expect(await readBack(players, tables)).toEqual(before);
  });

  test("a restore refuses a database that is not empty, and changes nothing", { timeout: 300_000 }, async () => {
    // The database as the first test left it: restored, and backed up again into again.sql.
    expect(() => restore(target(), join(folder, "nardi.sql"))).toThrow(/not empty/);
    const after = join(folder, "after-refusal.sql");
    backup(target(), after);
    expect(rowsOf(after)).toEqual(rowsOf(join(folder, "again.sql")));
    expect(ledgerCheck(["--persist-to", server.stateDir, "--config", server.config])).toMatchObject({ disagreements: [], total: 0 });
  });
});

describe.sequential("restoring elsewhere", () => {
  test("into a database with no tables at all: the backup's schema, rows and triggers, row for row", { timeout: 300_000 }, async () => {
    const file = join(folder, "nardi.sql");
    const state = mkdtempSync(join(tmpdir(), "nardi-restore-empty-"));
    try {
      const empty: Target = { remote: false, persistTo: state, config: server.config };
      expect(restore(empty, file)).toMatchObject({ mode: "whole", audit: { disagreements: [], closedNotEmpty: [], total: 0 } });
      const copy = join(folder, "copy.sql");
      backup(empty, copy);
      expect(rowsOf(copy)).toEqual(rowsOf(file));
      // The triggers came back after the rows: the ledger still refuses an edit of a transfer.
      const dump = parseDump(readFileSync(copy, "utf8"));
      expect(dump.statements.filter((s) => s.kind === "trigger").map((s) => s.kind === "trigger" && s.name)).toEqual(
        expect.arrayContaining(["coin_transfers_post", "coin_transfers_no_update", "coin_transfers_no_delete"]),
      );
      expect(ledgerCheck(["--persist-to", state, "--config", server.config])).toMatchObject({ disagreements: [], closedNotEmpty: [], total: 0 });
    } finally {
      rmSync(state, { recursive: true, force: true });
    }
  });

  test("a file that is not a backup is refused before anything is read", () => {
    const junk = join(folder, "junk.sql");
    writeFileSync(junk, "INSERT INTO players (id) VALUES ('x');\n");
    expect(() => restore({ remote: false, persistTo: join(folder, "nowhere"), config: server.config }, junk)).toThrow(/not a backup/);
    expect(() => restore({ remote: false, persistTo: join(folder, "nowhere"), config: server.config }, join(folder, "missing.sql"))).toThrow(UsageError);
  });
});

describe("reading an export", () => {
  test("statements split at semicolons outside strings, comments and trigger bodies", () => {
    const text = [
      "PRAGMA defer_foreign_keys=TRUE;",
      "CREATE TABLE IF NOT EXISTS \"t\" (a TEXT, -- a comment; with a semicolon",
      "  b INTEGER);",
      "INSERT INTO \"t\" (\"a\",\"b\") VALUES('it''s; fine',1);",
      "INSERT INTO \"t\" (\"a\",\"b\") VALUES(replace('two\\nlines;','\\n',char(10)),2);",
      "CREATE TRIGGER t_guard BEFORE UPDATE ON t",
      "BEGIN",
      "  SELECT CASE WHEN NEW.b > 1 THEN RAISE(ABORT, 'no; never') END;",
      "  SELECT 1;",
      "END;",
      "/* a closing; comment */ CREATE INDEX t_b ON t (b);",
    ].join("\n");
    const statements = splitStatements(text).map(classify);
    expect(statements.map((s) => s.kind)).toEqual(["other", "create-table", "insert", "insert", "trigger", "other"]);
    expect(statements[2]).toMatchObject({ kind: "insert", table: "t", sql: "INSERT INTO \"t\" (\"a\",\"b\") VALUES('it''s; fine',1);" });
    expect(statements[4]).toMatchObject({ kind: "trigger", name: "t_guard" });
    expect(statements[4]!.sql.endsWith("END;")).toBe(true);
  });

  test("a text without d1_migrations is not a backup", () => {
    expect(() => parseDump("CREATE TABLE x (a);\nINSERT INTO \"x\" (\"a\") VALUES(1);")).toThrow(/not a backup/);
  });
});
