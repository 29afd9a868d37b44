/**
 * Hostile and mistaken input over real sockets: every bad frame or out-of-place command is answered with
 * its stable error code, to the sender only, and changes nothing (the table's seq stays where it was).
 */
import { describe, expect, inject, test } from "vitest";
import { ApiError, NardiClient, type TableConnection } from "../../src/client";
import { RULE_ERROR_CODES, opponent } from "../../src/engine";
import { PROTOCOL_ERROR_CODES, type SideName } from "../../src/protocol";
import { connected, eventsOfType, seatedTable } from "../support/tables";
import { rawHandshake } from "../support/upgrade";
import { expectProblem } from "../support/problems";

const baseUrl = inject("baseUrl");
const client = new NardiClient(baseUrl);

/**
 * A started backgammon match with both seats connected, where the opening winner must roll: the cube is in the
 * middle, so rolling is its decision (the server rolls by itself only for a side that may not double).
 */
async function game(opts: { length?: number } = {}) {
  const { white, black } = await seatedTable(client, { preset: "backgammon", length: opts.length ?? 3, overrides: { opening: "reroll" } });
  const conns: Record<SideName, TableConnection> = {
    white: await connected(client, white.tableId, { token: white.token }),
    black: await connected(client, white.tableId, { token: black.token }),
  };
  const table = await client.getTable(white.tableId);
  const mover = table.match?.turn ?? "white";
  await Promise.all([conns.white, conns.black].map((c) => c.waitFor((x) => x.seq >= table.seq)));
  return {
    tableId: white.tableId,
    grants: { white, black },
    conns,
    mover: conns[mover],
    waiter: conns[opponent(mover)],
    moverSide: mover,
    close: () => Object.values(conns).forEach((c) => c.close()),
  };
}

/** Runs `act`, then checks the table's seq did not move and nobody else got a message. */
async function unchanged(tableId: string, act: () => Promise<void>, bystanders: TableConnection[] = []): Promise<void> {
  const before = await client.getTable(tableId);
  const heard = bystanders.map((c) => c.errors.length + c.events.length);
  await act();
  const after = await client.getTable(tableId);
  expect(after.seq).toBe(before.seq);
  expect(after.match).toEqual(before.match);
  expect(bystanders.map((c) => c.errors.length + c.events.length)).toEqual(heard);
  for (const c of bystanders) expect(c.seq).toBe(before.seq);
}

describe.concurrent("bad frames", () => {
  test("malformed JSON, unknown type, missing fields, oversized and binary frames get their codes", async () => {
    const g = await game();
    const c = g.mover;
    await unchanged(
      g.tableId,
      async () => {
        c.sendRaw("{ this is not json");
        expect(await c.nextError()).toMatchObject({ code: "BAD_JSON", id: null, seq: c.seq });

        c.sendRaw(JSON.stringify({ type: "teleport", id: "t1" }));
        expect(await c.nextError()).toMatchObject({ code: "UNKNOWN_MESSAGE", id: "t1" });

        c.sendRaw(JSON.stringify({ type: "play", id: "p1" }));
        expect(await c.nextError()).toMatchObject({ code: "BAD_MESSAGE", id: "p1" });

        c.sendRaw(JSON.stringify({ type: "roll", id: "x".repeat(65) }));
        expect((await c.nextError()).code).toBe("BAD_MESSAGE");

        c.sendRaw(JSON.stringify({ type: "roll", id: "r1", extra: true }));
        expect(await c.nextError()).toMatchObject({ code: "BAD_MESSAGE", id: "r1" });

        c.sendRaw(JSON.stringify([1, 2, 3]));
        expect((await c.nextError()).code).toBe("BAD_MESSAGE");

        c.sendRaw(JSON.stringify({ type: "roll", id: "big", pad: "x".repeat(5000) }));
        expect((await c.nextError()).code).toBe("MESSAGE_TOO_LARGE");

        c.sendRaw(new Uint8Array([0x7b, 0x7d, 0x00, 0xff]));
        expect((await c.nextError()).code).toBe("BAD_MESSAGE");
      },
      [g.waiter],
    );
    // The connection is still usable afterwards.
    await c.roll();
    expect(c.table?.match?.phase).toBe("moving");
    g.close();
  });

  test("flooding a connection gets RATE_LIMITED and changes nothing", async () => {
    const g = await game();
    await unchanged(g.tableId, async () => {
      for (let i = 0; i < 70; i++) g.waiter.sendRaw(JSON.stringify({ type: "roll", id: `flood-${i}` }));
      await g.waiter.waitFor((c) => c.errors.length >= 70, 10_000, "70 answers");
      const codes = g.waiter.errors.map((e) => e.code);
      expect(codes.filter((x) => x === "NOT_YOUR_TURN").length).toBeLessThanOrEqual(60);
      expect(codes).toContain("RATE_LIMITED");
      expect(new Set(codes)).toEqual(new Set(["NOT_YOUR_TURN", "RATE_LIMITED"]));
    });
    g.close();
  });
});

describe("rate limit and the client", () => {
  test("a command refused with RATE_LIMITED is re-sent by the client after a pause and applied once", { timeout: 60_000 }, async () => {
    const g = await game();
    // Fill the mover's window with frames that change nothing.
    for (let i = 0; i < 60; i++) g.mover.sendRaw("{ nope");
    await g.mover.waitFor((c) => c.errors.length >= 60, 10_000, "60 answers");
    const limited = g.mover.nextError((e) => e.code === "RATE_LIMITED");
    const rolled = g.mover.roll();
    expect((await limited).id).toBeNull(); // refused before it was even read
    const ack = await rolled; // the client waited and sent the same command again
    expect(ack.duplicate).toBe(false);
    expect(g.mover.table?.match?.phase).toBe("moving");
    const stored = await client.getEvents(g.tableId);
    expect(eventsOfType(stored.events, "rolled")).toHaveLength(1);
    g.close();
  });
});

describe.concurrent("seats and tokens", () => {
  test("a wrong token is refused with HTTP 401 before the upgrade", async () => {
    const g = await game();
    const wrong = await rawHandshake(client.socketUrl(g.tableId, { token: "A".repeat(43) }));
    expect(wrong.status).toBe(401);
    expect(wrong.contentType).toContain("application/problem+json");
    expect(JSON.parse(wrong.body)).toMatchObject({ status: 401, code: "BAD_TOKEN" });
    // The other seat's token is not this table's token for anything else either: a seat token of table B on table A.
    const elsewhere = await client.createTable({ preset: "backgammon" });
    const foreign = await rawHandshake(client.socketUrl(g.tableId, { token: elsewhere.token }));
    expect(foreign.status).toBe(401);
    // Through the client: no welcome, the connection ends closed instead of retrying forever.
    const conn = client.connect(g.tableId, { token: "wrong-token-wrong-token" });
    await conn.waitFor((c) => c.status === "closed", 10_000);
    expect(conn.role).toBeNull();
    // The right token upgrades.
    const ok = await rawHandshake(client.socketUrl(g.tableId, { token: g.grants.white.token }));
    expect(ok.status).toBe(101);
    g.close();
  });

  test("no token on a table without spectators, and an unknown table, are refused before the upgrade", async () => {
    const closed = await client.createTable({ preset: "backgammon", spectators: false });
    const anon = await rawHandshake(client.socketUrl(closed.tableId));
    expect(anon.status).toBe(403);
    expect(JSON.parse(anon.body)).toMatchObject({ code: "SPECTATORS_DISABLED" });
    const missing = await rawHandshake(client.socketUrl("no-such-table-0000000000"));
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toMatchObject({ code: "TABLE_NOT_FOUND" });
  });

  test("a spectator sees updates without legal plays and cannot act", async () => {
    const g = await game();
    const spectator = await connected(client, g.tableId, { seq: 0 });
    expect(spectator.role).toBe("spectator");
    expect(spectator.legalPlays).toBeNull();
    for (const act of [() => spectator.roll(), () => spectator.resign(), () => spectator.play("24/18")]) {
      await unchanged(g.tableId, async () => {
        await expect(act()).rejects.toMatchObject({ code: "SPECTATOR" });
      });
    }
    await g.mover.roll();
    expect(g.mover.legalPlays?.length).toBeGreaterThan(0);
    await spectator.waitFor((c) => c.seq >= g.mover.seq);
    expect(spectator.table?.match?.phase).toBe("moving");
    expect(spectator.legalPlays).toBeNull();
    expect(g.waiter.legalPlays).toBeNull();
    expect(JSON.stringify(spectator.table)).not.toContain(g.grants.white.token);
    spectator.close();
    g.close();
  });

  test("joining a full table is TABLE_FULL (409, problem+json); an unknown table is TABLE_NOT_FOUND", async () => {
    const g = await game();
    const before = await client.getTable(g.tableId);
    const err = await client.joinTable(g.tableId, { name: "Late" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: "TABLE_FULL" });
    const res = await fetch(`${baseUrl}/v1/tables/${g.tableId}/join`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    await expectProblem(res, 409, "TABLE_FULL");
    expect((await client.getTable(g.tableId)).seq).toBe(before.seq);
    await expect(client.getTable("no-such-table-0000000000")).rejects.toMatchObject({ status: 404, code: "TABLE_NOT_FOUND" });
    await expect(client.joinTable("no-such-table-0000000000")).rejects.toMatchObject({ status: 404, code: "TABLE_NOT_FOUND" });
    g.close();
  });
});

describe.concurrent("commands out of place", () => {
  test("out of turn, rolling twice, playing before rolling, an illegal play, a double out of turn, a stale seq", async () => {
    const g = await game();
    const { mover, waiter } = g;
    const expectRefused = (sender: TableConnection, act: () => Promise<unknown>, code: string) =>
      unchanged(
        g.tableId,
        async () => {
          await expect(act()).rejects.toMatchObject({ code });
        },
        [sender === mover ? waiter : mover],
      );

    await expectRefused(waiter, () => waiter.roll(), "NOT_YOUR_TURN");
    await expectRefused(mover, () => mover.play("24/18"), "MUST_ROLL");
    await expectRefused(waiter, () => waiter.double(), "NOT_YOUR_TURN");
    await expectRefused(waiter, () => waiter.take(), "NO_DOUBLE_OFFERED");
    await expectRefused(mover, () => mover.roll({ seq: mover.seq - 1 }), "STALE_SEQ");

    await mover.roll({ seq: true }); // the current seq is accepted
    await unchanged(
      g.tableId,
      async () => {
        await expect(mover.roll()).rejects.toMatchObject({ code: "ALREADY_ROLLED" });
        await expect(mover.play("hello world")).rejects.toMatchObject({ code: "BAD_NOTATION" });
        await expect(mover.play("12/7")).rejects.toMatchObject({ code: "NO_CHECKER" }); // nothing stands on 12 at the start
        // Moving by a distance no die shows (dice are never 7+7... a 23-pip step).
        const bad = await mover.play([{ from: 24, to: 1 }]).catch((e: unknown) => e);
        expect(RULE_ERROR_CODES as readonly string[]).toContain((bad as { code: string }).code);
      },
      [waiter],
    );
    await unchanged(g.tableId, async () => {
      await expect(waiter.play("24/18")).rejects.toMatchObject({ code: "NOT_YOUR_TURN" });
    }, [mover]);
    const errorsCodes = [...mover.errors, ...waiter.errors].map((e) => e.code);
    for (const code of errorsCodes) expect([...PROTOCOL_ERROR_CODES, ...RULE_ERROR_CODES] as string[]).toContain(code);
    // After all that, a legal play still goes through.
    const legal = mover.legalPlays?.[0];
    if (!legal) throw new Error("no legal plays");
    await mover.play(legal.steps.map(({ from, to }) => ({ from, to })));
    expect(mover.table?.match?.turn).toBe(waiter.role);
    g.close();
  });

  test("a replayed command id is acknowledged again as a duplicate and applied once", async () => {
    const g = await game();
    const cmd = g.mover.command("roll");
    const first = await g.mover.send(cmd);
    expect(first.duplicate).toBe(false);
    const seqAfter = g.mover.seq;
    await unchanged(
      g.tableId,
      async () => {
        const again = await g.mover.send(cmd); // the same object → the same id
        expect(again).toEqual({ type: "ack", id: cmd.id, seq: first.seq, duplicate: true });
        // The same id on the raw wire, even with another command in it, is the same command: answered, not applied.
        const answered = new Promise((resolve) => g.mover.on("message", (m) => m.type === "ack" && m.id === cmd.id && resolve(m)));
        g.mover.sendRaw(JSON.stringify({ type: "play", id: cmd.id, play: "24/18" }));
        expect(await answered).toEqual({ type: "ack", id: cmd.id, seq: first.seq, duplicate: true });
      },
      [g.waiter],
    );
    expect(g.mover.seq).toBe(seqAfter);
    const stored = await client.getEvents(g.tableId);
    expect(eventsOfType(stored.events, "rolled")).toHaveLength(1);
    g.close();
  });

  test("before the match starts: MATCH_NOT_STARTED; after it ends: MATCH_OVER", async () => {
    const waiting = await client.createTable({ preset: "backgammon", length: 3 });
    const alone = await connected(client, waiting.tableId, { token: waiting.token });
    expect(alone.role).toBe("white");
    expect(alone.table?.status).toBe("waiting");
    await unchanged(waiting.tableId, async () => {
      await expect(alone.roll()).rejects.toMatchObject({ code: "MATCH_NOT_STARTED" });
      await expect(alone.resign()).rejects.toMatchObject({ code: "MATCH_NOT_STARTED" });
    });
    alone.close();

    const g = await game({ length: 5 });
    await g.waiter.resign(); // resigning is allowed on the opponent's turn too
    const ended = await g.mover.waitFor((c) => eventsOfType(c.events, "match-ended")[0]);
    const winner = g.moverSide;
    expect(ended).toEqual({
      type: "match-ended",
      winner,
      reason: "resign",
      score: { white: winner === "white" ? 5 : 0, black: winner === "black" ? 5 : 0 },
      serverSeed: expect.any(String),
    });
    expect(eventsOfType(g.mover.events, "resigned")).toEqual([{ type: "resigned", side: opponent(winner) }]);
    expect(g.mover.table?.status).toBe("over");
    for (const act of [() => g.mover.roll(), () => g.waiter.roll(), () => g.mover.resign(), () => g.waiter.double()]) {
      await unchanged(g.tableId, async () => {
        await expect(act()).rejects.toMatchObject({ code: "MATCH_OVER" });
      });
    }
    g.close();
  });
});
