/**
 * Provably fair dice through the public protocol (docs/fair-dice.md): the commitment in the first event, the
 * players' seeds and entropy in the log, the seed revealed only by the final event, and a log that verifies.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { countRolls, diceCommitment, DiceStatsSchema, drawnDice, fairRoll, openingRuleOf, verifyDice, type LoggedEvent, type MatchRecord, type SeatGrant } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { Db } from "../../src/server/db";
import { api, commandId, connect, createTable, history, playOne, postJson, ROLL_IS_A_DECISION, stubOf } from "./helpers";
import { call, delivered, guest } from "./players-support";

const WHITE_SEED = "white-seed-0123456789";
const BLACK_SEED = "black-seed-abcdef";

async function joinWithSeed(id: string, clientSeed: string): Promise<SeatGrant> {
  const res = await postJson(`/v1/tables/${id}/join`, { name: "Black", clientSeed });
  expect(res.status).toBe(200);
  return (await res.json()) as SeatGrant;
}

/** The secret as the match object stores it (only a test can look). */
async function storedSeed(id: string): Promise<string> {
  return runInDurableObject(stubOf(id), (room: MatchRoom) => room.room.store.load()!.info.fairDice!.serverSeed);
}

async function seatedWithSeeds(body = {}) {
  const white = await createTable({ name: "White", clientSeed: WHITE_SEED, ...body });
  const black = await joinWithSeed(white.tableId, BLACK_SEED);
  const w = await connect(white.tableId, { token: white.token });
  const b = await connect(white.tableId, { token: black.token });
  await w.next("welcome");
  await b.next("welcome");
  const { seq } = await history(white.tableId);
  await w.waitForSeq(seq);
  await b.waitForSeq(seq);
  return { id: white.tableId, white, black, w, b, clients: { white: w, black: b } };
}

/** White plays the table against the bot to its end: rolls, and the first listed play (each command with `entropy(i)`). */
async function playBotTable(grant: SeatGrant, entropy: (i: number) => string | undefined = () => undefined) {
  const w = await connect(grant.tableId, { token: grant.token });
  await w.next("welcome");
  for (let i = 0; i < 400; i++) {
    await w.waitForSeq((await history(grant.tableId)).seq);
    const match = w.table!.match!;
    if (match.phase === "over") break;
    const message = match.phase === "awaiting-roll" ? { type: "roll" } : { type: "play", play: w.legalPlays![0]!.play };
    const e = entropy(i);
    w.send({ ...message, id: commandId(), ...(e === undefined ? {} : { entropy: e }) });
    expect((await w.answer()).type).toBe("ack");
  }
  expect(w.table!.status).toBe("over");
}

function dicePositions(events: LoggedEvent[]): number[] {
  const at: number[] = [];
  const opening = openingRuleOf(events.map((e) => e.event));
  events.forEach((e, i) => {
    if (drawnDice(e.event, events[i - 1]?.event, opening)) at.push(i);
  });
  return at;
}

describe("fair dice", () => {
  it("commits to the seed in the first event and publishes both client seeds", async () => {
    const { id } = await seatedWithSeeds();
    const log = (await history(id)).events;
    const created = log[0]!.event;
    expect(created.type).toBe("table-created");
    const seed = await storedSeed(id);
    expect(created).toMatchObject({ diceCommitment: diceCommitment(seed) });
    const joined = log.filter((e) => e.event.type === "player-joined").map((e) => e.event);
    expect(joined).toEqual([
      expect.objectContaining({ seat: "white", clientSeed: WHITE_SEED }),
      expect.objectContaining({ seat: "black", clientSeed: BLACK_SEED }),
    ]);
    // The opening roll is already in the log, numbered 1 and derived with no command's entropy.
    expect(log.some((e) => e.event.type === "opening-roll" && e.event.entropy === undefined)).toBe(true);
  });

  it("keeps the seed out of every view, event, welcome and HTTP answer until the match ends, then reveals it", async () => {
    const { id, white, w, b, clients } = await seatedWithSeeds({ preset: "georgian-short" });
    const seed = await storedSeed(id);
    for (let i = 0; i < 6; i++) await playOne(clients, { entropy: commandId().replace(/[^A-Za-z0-9_-]/g, "x") });
    const seen = [
      JSON.stringify(w.received),
      JSON.stringify(b.received),
      await (await api(`/v1/tables/${id}`)).text(),
      await (await api(`/v1/tables/${id}`, { headers: { authorization: `Bearer ${white.token}` } })).text(),
      JSON.stringify(await history(id)),
      await (await api(`/v1/tables/${id}/stats`)).text(),
    ];
    for (const text of seen) expect(text).not.toContain(seed);

    b.send({ type: "resign", id: commandId() });
    const ack = await b.answer();
    await w.waitForSeq(ack.seq);
    const last = (await history(id)).events.at(-1)!.event;
    expect(last).toMatchObject({ type: "match-ended", serverSeed: seed });
  });

  it.each([
    ["backgammon", 1],
    ["armenian-long", 1],
    ["federation-long", 3],
  ] as const)("derives every roll of a whole %s match from the seeds and each command's entropy: the log verifies", async (preset, length) => {
    const complaints = vi.spyOn(console, "error");
    const { id, clients } = await seatedWithSeeds({ preset, length });
    let n = 0;
    for (let i = 0; i < 2000 && (await playOne(clients, { entropy: `e${++n}` })); i++);
    expect(clients.white.table?.status).toBe("over");
    const log = (await history(id)).events;
    const verdict = verifyDice(id, log);
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict.ok && verdict.rolls).toBeGreaterThan(10);
    // Rolls made while a player's command was handled carry that command's entropy.
    expect(log.filter((e) => e.event.type === "rolled" && e.event.entropy?.startsWith("e")).length).toBeGreaterThan(5);
    // The match object's own check: every roll it drew is an event of the change it stored.
    expect(complaints.mock.calls.filter((call) => String(call[0]).startsWith("fair dice"))).toEqual([]);
    complaints.mockRestore();
  });

  it("a roll asked for with entropy carries it; a different entropy for the same roll number gives other inputs", async () => {
    const { id, w, clients } = await seatedWithSeeds(ROLL_IS_A_DECISION);
    const mover = clients[w.table!.match!.turn];
    mover.send({ type: "roll", id: commandId(), entropy: "my-fresh-entropy" });
    const ack = await mover.answer();
    expect(ack.type).toBe("ack");
    const rolled = (await history(id, ack.seq - 1)).events[0]!.event;
    expect(rolled).toMatchObject({ type: "rolled", entropy: "my-fresh-entropy" });
  });

  it("refuses malformed seeds and entropy and changes nothing", async () => {
    const bad = await postJson("/v1/tables", { preset: "backgammon", clientSeed: "has spaces" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "BAD_REQUEST" });
    const { id, w, clients } = await seatedWithSeeds(ROLL_IS_A_DECISION);
    const before = await history(id);
    const mover = clients[w.table!.match!.turn];
    mover.send({ type: "roll", id: commandId(), entropy: "x".repeat(65) });
    expect(await mover.answer()).toMatchObject({ type: "error", code: "BAD_MESSAGE" });
    expect((await history(id)).seq).toBe(before.seq);
  });

  it("a match against the computer verifies too (bot seat: no client seed; bot rolls take the player's entropy)", async () => {
    const grant = await createTable({ opponent: "bot", botLevel: "random", preset: "georgian-short", clientSeed: WHITE_SEED });
    await playBotTable(grant, (i) => `turn-${i}`);
    expect(verifyDice(grant.tableId, (await history(grant.tableId)).events)).toMatchObject({ ok: true });
  });

  it("a record with one altered roll, client seed, entropy or server seed fails, at that roll", async () => {
    const { id, clients } = await seatedWithSeeds({ preset: "georgian-short" });
    for (let i = 0; i < 2000 && (await playOne(clients, { entropy: `c${i}` })); i++);
    const log = (await history(id)).events;
    const genuine = verifyDice(id, log);
    expect(genuine).toMatchObject({ ok: true });
    const rolls = dicePositions(log);
    const k = Math.floor(rolls.length / 2);
    const index = rolls[k]!;
    const edit = (change: (event: Record<string, unknown>) => void): LoggedEvent[] =>
      log.map((e, i) => {
        if (i !== index) return e;
        const event = structuredClone(e.event) as Record<string, unknown>;
        change(event);
        return { ...e, event } as LoggedEvent;
      });

    const alteredDice = edit((event) => {
      if (event.type === "rolled") event.dice = [((event.dice as number[])[0]! % 6) + 1, (event.dice as number[])[1]];
      else event.white = ((event.white as number) % 6) + 1;
    });
    expect(verifyDice(id, alteredDice)).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: k + 1, seq: log[index]!.seq });

    // A change of input that happens to derive the same two dice (1 in 36) is undetectable by anyone, so each
    // alteration below is one that derives other dice than the logged ones.
    const serverSeed = (genuine as { serverSeed: string }).serverSeed;
    const seeds = { white: WHITE_SEED, black: BLACK_SEED };
    const loggedDice = (i: number) => drawnDice(log[i]!.event, log[i - 1]?.event, openingRuleOf(log.map((e) => e.event)))!;
    const differing = (candidate: (n: number) => string, dice: (value: string) => [number, number], logged: [number, number]) => {
      for (let n = 0; n < 100; n++) {
        const value = candidate(n);
        const [a, b] = dice(value);
        if (a !== logged[0] || b !== logged[1]) return value;
      }
      throw new Error("no alteration derives other dice");
    };
    const otherEntropy = differing(
      (n) => `not-what-was-sent-${n}`,
      (entropy) => fairRoll(serverSeed, { tableId: id, roll: k + 1, clientSeeds: seeds, entropy }),
      loggedDice(index),
    );
    const alteredEntropy = edit((event) => {
      event.entropy = otherEntropy;
    });
    expect(verifyDice(id, alteredEntropy)).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: k + 1 });

    const joined = log.findIndex((e) => e.event.type === "player-joined" && e.event.seat === "black");
    const first = rolls[0]!;
    const firstEntropy = (log[first]!.event as { entropy?: string }).entropy ?? "";
    const otherSeed = differing(
      (n) => `someone-else-${n}`,
      (black) => fairRoll(serverSeed, { tableId: id, roll: 1, clientSeeds: { ...seeds, black }, entropy: firstEntropy }),
      loggedDice(first),
    );
    const alteredClientSeed = log.map((e, i) => (i === joined ? { ...e, event: { ...e.event, clientSeed: otherSeed } } : e)) as LoggedEvent[];
    expect(verifyDice(id, alteredClientSeed)).toMatchObject({ ok: false, failure: "ROLL_MISMATCH", roll: 1 });

    const alteredServerSeed = log.map((e) =>
      e.event.type === "match-ended" ? { ...e, event: { ...e.event, serverSeed: "0".repeat(64) } } : e,
    ) as LoggedEvent[];
    expect(verifyDice(id, alteredServerSeed)).toMatchObject({ ok: false, failure: "SEED_MISMATCH" });
  });

  it("a running match cannot be verified yet: the seed is revealed only by the final event", async () => {
    const { id } = await seatedWithSeeds();
    expect(verifyDice(id, (await history(id)).events)).toMatchObject({ ok: false, failure: "NOT_REVEALED" });
  });
});

describe("dice statistics", () => {
  it("counts a player's rolls of a recorded match once, with χ² and the sample size", async () => {
    const me = await guest();
    const created = await call("POST", "/v1/tables", {
      token: me.token,
      body: { preset: "backgammon", opponent: "bot", botLevel: "random", overrides: { cube: false } },
    });
    const grant = (await created.json()) as SeatGrant;
    await playBotTable(grant);
    await delivered(grant.tableId);
    const record = (await (await call("GET", `/v1/matches/${grant.tableId}`)).json()) as MatchRecord;
    const mine = countRolls(record.events.map((e) => e.event)).white;
    expect(mine.rolls).toBeGreaterThan(0);

    const stats = DiceStatsSchema.parse(await (await call("GET", `/v1/players/${me.player.id}/dice`)).json());
    expect(stats).toMatchObject({ playerId: me.player.id, rolls: mine.rolls, doubles: mine.doubles, faces: mine.faces });
    expect(stats.faces.reduce((a, b) => a + b, 0)).toBe(2 * stats.rolls);
    expect(stats.chiSquare.faces.df).toBe(5);
    expect(stats.chiSquare.doubles.df).toBe(1);
    expect(stats.chiSquare.faces.p).toBeGreaterThanOrEqual(0);
    expect(stats.chiSquare.faces.p).toBeLessThanOrEqual(1);

    // Delivering the same record again (a lost acknowledgement) adds nothing.
    const { players, events, ...summary } = record;
    const strip = (p: MatchRecord["players"]["white"]) => ({ playerId: p.playerId, name: p.name, kind: p.kind });
    await new Db(env.DB).recordMatch({ ...summary, events, players: { white: strip(players.white), black: strip(players.black) } }, []);
    expect(DiceStatsSchema.parse(await (await call("GET", `/v1/players/${me.player.id}/dice`)).json()).rolls).toBe(mine.rolls);
  });

  it("answers an unknown player with PLAYER_NOT_FOUND and a player without matches with zeros", async () => {
    const missing = await call("GET", `/v1/players/${"x".repeat(20)}/dice`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "PLAYER_NOT_FOUND" });
    const me = await guest();
    const stats = DiceStatsSchema.parse(await (await call("GET", `/v1/players/${me.player.id}/dice`)).json());
    expect(stats).toMatchObject({ rolls: 0, doubles: 0, faces: [0, 0, 0, 0, 0, 0], chiSquare: { faces: { p: null } } });
  });
});

describe("the OpenAPI document", () => {
  it("describes the fair-dice fields and the statistics route", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as { paths: Record<string, unknown>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    expect(Object.keys(doc.paths)).toContain("/v1/players/{id}/dice");
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.CreateTableBody?.properties ?? {})).toContain("clientSeed");
    expect(Object.keys(schemas.JoinTableBody?.properties ?? {})).toContain("clientSeed");
    expect(Object.keys(schemas.DiceStats?.properties ?? {})).toEqual(expect.arrayContaining(["rolls", "doubles", "faces", "chiSquare"]));
    const text = JSON.stringify(doc);
    for (const field of ["diceCommitment", "serverSeed", "entropy"]) expect(text).toContain(`"${field}"`);
  });
});
