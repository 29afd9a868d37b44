/**
 * One strict contract: query numbers, command ids, display names, hit marks and the view's rule facts are read
 * exactly as docs/protocol.md says, and every refusal is coded and changes nothing.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../src/engine";
import { ERROR_CODES, type ErrorCode } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { api, commandId, connect, createTable, history, joinTable, postJson, ROLL_IS_A_DECISION, seatedMatch, startMatch, stubOf } from "./helpers";
import { expectProblem } from "../support/problems";

/** The table's seq and event log, to show a refusal changed nothing. */
async function snapshot(id: string): Promise<string> {
  return JSON.stringify(await history(id));
}

describe("query numbers are plain decimal integers", () => {
  const refused = ["0x10", "1e1", "+2", "", " 1", "1.0", "-1", "01", "1_000", "Infinity", "9007199254740992", "123456789012345678"];

  it("?after= on the event log", async () => {
    const { id } = await startMatch();
    const before = await snapshot(id);
    for (const after of refused) {
      await expectProblem(await api(`/v1/tables/${id}/events?after=${encodeURIComponent(after)}`), 400, "BAD_REQUEST");
    }
    await expectProblem(await api(`/v1/tables/${id}/events?after=1&after=2`), 400, "BAD_REQUEST");
    expect(await snapshot(id)).toBe(before);
    const { seq } = await history(id);
    expect((await history(id, 0)).events).toHaveLength(seq);
    expect((await history(id, 3)).events.map((e) => e.seq)[0]).toBe(4);
    expect((await history(id, 9007199254740991)).events).toEqual([]);
  });

  it("?seq= on the socket, refused before the upgrade", async () => {
    const { id, white } = await startMatch();
    const before = await snapshot(id);
    for (const seq of refused) {
      const res = await api(`/v1/tables/${id}/socket?token=${white.token}&seq=${encodeURIComponent(seq)}`, { headers: { Upgrade: "websocket" } });
      expect(res.webSocket).toBeNull();
      await expectProblem(res, 400, "BAD_REQUEST");
    }
    const twice = await api(`/v1/tables/${id}/socket?token=${white.token}&seq=1&seq=2`, { headers: { Upgrade: "websocket" } });
    await expectProblem(twice, 400, "BAD_REQUEST");
    expect(await snapshot(id)).toBe(before);
    const ok = await connect(id, { token: white.token, seq: 2 });
    expect((await ok.next("welcome")).events[0]?.seq).toBe(3);
  });
});

describe("command ids are 1-64 visible ASCII characters", () => {
  it("anything else is BAD_MESSAGE with id null, and changes nothing", async () => {
    const { id, w, b } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn === "white" ? w : b;
    const before = await snapshot(id);
    for (const bad of ["", "é", "\ud800", "a b", "tab\t", "\u0001", "x".repeat(65), "ид"]) {
      mover.send({ type: "roll", id: bad });
      expect(await mover.answer()).toMatchObject({ type: "error", id: null, code: "BAD_MESSAGE" });
    }
    expect(await snapshot(id)).toBe(before);
    mover.send({ type: "roll", id: "!~{}" + "x".repeat(60) });
    expect(await mover.answer()).toMatchObject({ type: "ack", duplicate: false });
  });

  it("a retried id is recognised after the object restarts", async () => {
    const { id, w, b, white, black } = await seatedMatch(ROLL_IS_A_DECISION);
    const [mover, token] = w.table!.match!.turn === "white" ? [w, white.token] : [b, black.token];
    mover.send({ type: "roll", id: "R-1/~retry" });
    const first = await mover.answer();
    expect(first).toMatchObject({ type: "ack", duplicate: false });
    await evictDurableObject(stubOf(id));
    const again = await connect(id, { token });
    await again.next("welcome");
    again.send({ type: "roll", id: "R-1/~retry" });
    expect(await again.answer()).toEqual({ type: "ack", id: "R-1/~retry", seq: first.seq, duplicate: true });
  });

  it("a retry must still be a valid message: the schema is checked before the id is looked up", async () => {
    const { id, w, b } = await seatedMatch(ROLL_IS_A_DECISION);
    const mover = w.table!.match!.turn === "white" ? w : b;
    mover.send({ type: "roll", id: "once" });
    const first = await mover.answer();
    await mover.waitForSeq(first.seq);
    const before = await snapshot(id);
    mover.send({ type: "roll", id: "once", extra: true });
    expect(await mover.answer()).toMatchObject({ type: "error", id: "once", code: "BAD_MESSAGE" });
    mover.send({ type: "resign", id: "once" });
    expect(await mover.answer()).toEqual({ type: "ack", id: "once", seq: first.seq, duplicate: true });
    expect(await snapshot(id)).toBe(before);
  });
});

describe("display names", () => {
  const hidden = ["Al\u202Eecila", "Bob\u200B", "\u2066Eve\u2069", "Mal\u0007", "Zoe\u00AD", "\u3164", "Line\u2028Two", "An\uFEFFn"];
  const botLike = ["Bot", "bot (expert)", "BOT(Random)", " Bot  ( expert ) ", "B0T", "Вот", "Ｂｏｔ"];

  it("with control, bidi-override or invisible characters → 400 BAD_NAME; passing for a bot → 400 NAME_RESERVED", async () => {
    for (const name of hidden) await expectProblem(await postJson("/v1/tables", { preset: "backgammon", name }), 400, "BAD_NAME");
    for (const name of botLike) await expectProblem(await postJson("/v1/tables", { preset: "backgammon", name }), 400, "NAME_RESERVED");
    const { tableId } = await createTable({ name: "Host" });
    const before = await snapshot(tableId);
    await expectProblem(await postJson(`/v1/tables/${tableId}/join`, { name: "Bot (expert)" }), 400, "NAME_RESERVED");
    await expectProblem(await postJson(`/v1/tables/${tableId}/join`, { name: "\u202Etoor" }), 400, "BAD_NAME");
    expect(await snapshot(tableId)).toBe(before);
    expect((await joinTable(tableId, "Botvinnik")).table.players.black?.name).toBe("Botvinnik");
  });

  it("ordinary names in any script are kept as written (trimmed)", async () => {
    for (const name of ["Ева", "李雷", "🎲 Dice", "Robot", "Zoë", "  Ann  "]) {
      const grant = await createTable({ name });
      expect(grant.table.players.white?.name).toBe(name.trim());
    }
    const bot = await createTable({ opponent: "bot", botLevel: "random" });
    expect(bot.table.players.black).toMatchObject({ name: "Bot (random)", kind: "bot" });
  });
});

describe("notation over the socket", () => {
  it("a * where nothing is hit is NOT_A_HIT and changes nothing", async () => {
    // Backgammon's opening dice are played at once, and nothing can be hit from the starting position.
    const { id, w, b } = await seatedMatch({ preset: "backgammon" });
    const mover = w.table!.match!.turn === "white" ? w : b;
    const legal = mover.legalPlays![0]!;
    const before = await snapshot(id);
    const marked = legal.steps.map((s, i) => `${s.from === 25 ? "bar" : s.from}/${s.to === 0 ? "off" : s.to}${i === 0 ? "*" : ""}`).join(" ");
    mover.send({ type: "play", id: commandId(), play: marked });
    expect(await mover.answer()).toMatchObject({ type: "error", code: "NOT_A_HIT" });
    expect(await snapshot(id)).toBe(before);
    mover.send({ type: "play", id: commandId(), play: legal.play });
    expect(await mover.answer()).toMatchObject({ type: "ack" });
  });
});

describe("a step over two dice that can end in two positions", () => {
  it("is AMBIGUOUS_PLAY, lists both plays, changes nothing; each listed play is then accepted", async () => {
    const white = await createTable({ preset: "backgammon", name: "White" });
    const id = white.tableId;
    // Opening 1 (White) against 6 (Black): Black plays 6-1 first, then White rolls 5-1.
    await runInDurableObject(stubOf(id), (room: MatchRoom) => {
      // Then the rolls the server makes after White's play (forced or burned ones go on until a choice comes).
      room.room.scriptedDice = scriptedDice([1, 6, 5, 1, 3, 2, 6, 4, 5, 3, 2, 1, 6, 2, 4, 3, 5, 2, 6, 1, 4, 2, 3, 1]);
    });
    const black = await joinTable(id);
    const w = await connect(id, { token: white.token });
    const b = await connect(id, { token: black.token });
    await w.next("welcome");
    await b.next("welcome");
    // Black leaves blots on White's 7 and 2 (its own 18 and 23).
    b.send({ type: "play", id: commandId(), play: "24/18 24/23" });
    // No cube in a 1-point match: the server rolls White's 5-1 in the same change as Black's play.
    const rolled = await b.answer();
    expect(rolled).toMatchObject({ type: "ack" });
    await w.waitForSeq(rolled.seq);
    expect(w.table!.match!.dice).toEqual([5, 1]);

    // 8/2 passes by 7 (hitting there and on 2) or by 3 (hitting on 2 only).
    const before = await snapshot(id);
    w.send({ type: "play", id: "amb", play: "8/2" });
    const refused = await w.answer();
    expect(refused).toMatchObject({ type: "error", id: "amb", code: "AMBIGUOUS_PLAY", seq: rolled.seq });
    if (refused.type !== "error") return;
    expect(refused.candidates?.slice().sort()).toEqual(["8/3 3/2*", "8/7* 7/2*"]);
    expect(await snapshot(id)).toBe(before);

    w.send({ type: "play", id: commandId(), play: "8/7/2" });
    const played = await w.answer();
    expect(played).toMatchObject({ type: "ack" });
    expect((await history(id, rolled.seq)).events[0]?.event).toMatchObject({ type: "played", notation: "8/7* 7/2*" });
  });
});

describe("the view states the rule facts clients would otherwise guess", () => {
  it("firstTurn: true until the side on turn has played its first roll of the hand", async () => {
    const { w, b } = await seatedMatch({ preset: "backgammon" });
    const clients = { white: w, black: b };
    const starter = w.table!.match!.turn;
    const other = starter === "white" ? "black" : "white";
    expect(w.table!.match).toMatchObject({ phase: "moving", firstTurn: true });
    clients[starter].send({ type: "play", id: commandId(), play: clients[starter].legalPlays![0]!.play });
    const played = await clients[starter].answer();
    await clients[other].waitForSeq(played.seq);
    expect(clients[other].table!.match).toMatchObject({ turn: other, firstTurn: true });
  });

  it("crawford is false at a table without a cube", async () => {
    const { w } = await seatedMatch({ preset: "armenian-long", length: 3 });
    expect(w.table!.ruleset.cube).toBe(false);
    expect(w.table!.match!.crawford).toBe(false);
  });
});

describe("the error codes", () => {
  it("are one enum in the OpenAPI document, used by problem bodies and WebSocket errors", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as {
      components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.ErrorCode?.enum).toEqual([...ERROR_CODES]);
    expect(doc.components.schemas.Problem?.properties?.code).toEqual({ $ref: "#/components/schemas/ErrorCode" });
    expect(JSON.stringify(doc.components.schemas.ServerMessage)).toContain('"$ref":"#/components/schemas/ErrorCode"');
    expect(ERROR_CODES).toEqual(expect.arrayContaining(["BAD_NAME", "NAME_RESERVED", "NOT_A_HIT", "AMBIGUOUS_PLAY", "MUST_PLAY_MORE"]));
  });

  it("the document describes query numbers as the digit strings they are", async () => {
    const doc = (await (await api("/v1/openapi.json")).json()) as {
      paths: Record<string, { get: { parameters: Array<{ name: string; schema: { type?: string; pattern?: string } }> } }>;
    };
    const params = [...doc.paths["/v1/tables/{id}/events"]!.get.parameters, ...doc.paths["/v1/tables/{id}/socket"]!.get.parameters];
    for (const name of ["after", "seq", "limit"]) {
      expect(params.find((p) => p.name === name)?.schema).toMatchObject({ type: "string", pattern: "^(0|[1-9][0-9]{0,15})$" });
    }
  });
});
