/**
 * Fair dice end to end against a real `wrangler dev`: two guests play a whole match with the typed client (which
 * sends a client seed when sitting down and fresh entropy with every command on its own); the recorded match
 * verifies with `npm run verify` (from a file and from the URL), a record with one altered roll fails at that
 * roll with a non-zero exit code, and each player's dice statistics count their rolls.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, test } from "vitest";
import { NardiClient } from "../../src/client";
import { countRolls, drawnDice, openingRuleOf } from "../../src/protocol";
import { playRandomMatch } from "../support/random-match";
import { seededRng } from "../support/rng";
import { recordOf } from "../support/tables";

const baseUrl = inject("baseUrl");
const client = new NardiClient(baseUrl);

/** `npm run verify -- …args`, run the way the script runs (tsx under the project's Node). */
function verify(...args: string[]) {
  const run = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/verify.ts", ...args], { encoding: "utf8" });
  return { status: run.status, out: run.stdout + run.stderr };
}

describe("fair dice over the public protocol", () => {
  test("a whole match: committed, contributed to, revealed, verified by the CLI; one altered roll fails", { timeout: 240_000 }, async () => {
    const a = await client.createGuest();
    const b = await client.createGuest();
    const white = await client.withSession(a.token).createTable({ preset: "backgammon", length: 3 });
    const black = await client.withSession(b.token).joinTable(white.tableId);
    const run = await playRandomMatch(client, white, black, seededRng(1207));
    run.white.close();
    run.black.close();
    expect(run.table.status).toBe("over");

    const log = run.white.events.map((e) => e.event);
    const created = log[0];
    expect(created?.type === "table-created" && created.diceCommitment).toMatch(/^[0-9a-f]{64}$/);
    const joined = log.filter((e) => e.type === "player-joined");
    expect(joined.map((e) => e.type === "player-joined" && e.clientSeed)).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
    // Every roll a player's command led to carries that command's entropy (the client sent it by itself).
    const opening = openingRuleOf(log);
    const drawn = log.filter((e, i) => e.type === "rolled" && drawnDice(e, log[i - 1], opening));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.every((e) => e.type === "rolled" && /^[0-9a-f]{32}$/.test(e.entropy ?? ""))).toBe(true);
    expect(log.at(-1)).toMatchObject({ type: "match-ended", serverSeed: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const record = await recordOf(client, white.tableId);
    const dir = mkdtempSync(join(tmpdir(), "fair-dice-"));
    const file = join(dir, "record.json");
    writeFileSync(file, JSON.stringify(record));
    const rolls = log.filter((e, i) => drawnDice(e, log[i - 1], opening)).length;
    const good = verify(file);
    expect(good.out).toContain(`OK: all ${rolls} rolls of table ${white.tableId} verify`);
    expect(good.status).toBe(0);
    for (const url of [`${baseUrl}/v1/tables/${white.tableId}/events`, `${baseUrl}/v1/tables/${white.tableId}/record?format=json`]) {
      const fetched = verify(url);
      expect(fetched.out).toContain(`OK: all ${rolls} rolls`);
      expect(fetched.status).toBe(0);
    }

    // The 5th roll altered: the verifier names it.
    let seen = 0;
    const altered = record.events.map((e, i) => {
      if (!drawnDice(e.event, record.events[i - 1]?.event, opening) || ++seen !== 5) return e;
      const event = e.event;
      if (event.type === "rolled") return { ...e, event: { ...event, dice: [(event.dice[0] % 6) + 1, event.dice[1]] } };
      if (event.type === "opening-roll") return { ...e, event: { ...event, white: (event.white % 6) + 1 } };
      return e;
    });
    const badFile = join(dir, "altered.json");
    writeFileSync(badFile, JSON.stringify({ ...record, events: altered }));
    const bad = verify(badFile);
    expect(bad.out).toContain("MISMATCH at roll 5");
    expect(bad.status).toBe(1);

    // Each player's dice statistics hold exactly their rolls of this match.
    const counts = countRolls(record.events.map((e) => e.event));
    const stats = await client.getPlayerDice(a.player.id);
    expect(stats).toMatchObject({ rolls: counts.white.rolls, doubles: counts.white.doubles, faces: counts.white.faces });
    expect((await client.getPlayerDice(b.player.id)).rolls).toBe(counts.black.rolls);
  });
});
