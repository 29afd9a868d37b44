/** Every hostile or mistaken frame gets a coded error for the sender only, and the table does not change. */
import { describe, expect, it } from "vitest";
import { LIMITS, type ErrorCode } from "../../src/protocol";
import { api, type Client, commandId, connect, createTable, ROLL_IS_A_DECISION, seatedMatch } from "./helpers";

async function tableState(id: string): Promise<string> {
  const events = await (await api(`/v1/tables/${id}/events`)).json();
  const view = (await (await api(`/v1/tables/${id}`)).json()) as { match: unknown; seq: number; status: string };
  return JSON.stringify({ events, match: view.match, seq: view.seq, status: view.status });
}

/** A started match, both seats connected, with who is to move (a roll or a double) and who waits. */
async function seated() {
  const { id, w, b } = await seatedMatch(ROLL_IS_A_DECISION);
  const turn = w.table!.match!.turn;
  const mover = turn === "white" ? w : b;
  const waiter = turn === "white" ? b : w;
  return { id, w, b, mover, waiter };
}

/** Sends `frame` and expects exactly one error with `code` (and nothing else to anyone), leaving the table as it was. */
async function refused(id: string, sender: Client, frame: unknown, code: ErrorCode, others: Client[] = []): Promise<void> {
  const before = await tableState(id);
  sender.skipAll();
  for (const other of others) other.skipAll();
  if (frame instanceof ArrayBuffer) sender.ws.send(frame);
  else sender.send(frame);
  const answer = await sender.answer();
  expect(answer).toMatchObject({ type: "error", code });
  if (answer.type === "error") expect(answer.message.length).toBeGreaterThan(0);
  expect(await sender.drain()).toEqual([]);
  for (const other of others) expect(await other.drain()).toEqual([]);
  expect(await tableState(id)).toBe(before);
}

describe("hostile and mistaken input", () => {
  it("frames that are not protocol messages", async () => {
    const { id, mover, waiter } = await seated();
    await refused(id, mover, "{not json", "BAD_JSON", [waiter]);
    await refused(id, mover, "[1,2]", "BAD_MESSAGE", [waiter]);
    await refused(id, mover, "42", "BAD_MESSAGE");
    await refused(id, mover, { type: "teleport", id: "x" }, "UNKNOWN_MESSAGE", [waiter]);
    await refused(id, mover, { id: "x" }, "UNKNOWN_MESSAGE");
    await refused(id, mover, { type: "roll" }, "BAD_MESSAGE", [waiter]);
    await refused(id, mover, { type: "roll", id: "" }, "BAD_MESSAGE");
    await refused(id, mover, { type: "roll", id: "x", side: "black" }, "BAD_MESSAGE");
    await refused(id, mover, { type: "play", id: "x", play: 17 }, "BAD_MESSAGE");
    await refused(id, mover, { type: "roll", id: "x".repeat(LIMITS.maxMessageBytes) }, "MESSAGE_TOO_LARGE", [waiter]);
    await refused(id, mover, new TextEncoder().encode('{"type":"roll","id":"bin"}').buffer as ArrayBuffer, "BAD_MESSAGE", [waiter]);
    // The connection still works afterwards.
    mover.send({ type: "roll", id: commandId() });
    expect((await mover.answer()).type).toBe("ack");
  });

  it("an error carries the command id", async () => {
    const { waiter } = await seated();
    waiter.send({ type: "roll", id: "mine" });
    expect(await waiter.answer()).toMatchObject({ type: "error", id: "mine", code: "NOT_YOUR_TURN" });
  });

  it("acting out of turn, as a spectator, twice, illegally, or on a stale seq", async () => {
    const { id, w, b, mover, waiter } = await seated();
    const spectator = await connect(id);
    await spectator.next("welcome");
    await refused(id, spectator, { type: "roll", id: commandId() }, "SPECTATOR", [w, b]);
    await refused(id, spectator, { type: "resign", id: commandId() }, "SPECTATOR");
    await refused(id, waiter, { type: "roll", id: commandId() }, "NOT_YOUR_TURN", [mover, spectator]);
    await refused(id, mover, { type: "play", id: commandId(), play: "24/18" }, "MUST_ROLL");
    await refused(id, mover, { type: "take", id: commandId() }, "NO_DOUBLE_OFFERED");
    await refused(id, waiter, { type: "double", id: commandId() }, "NOT_YOUR_TURN");
    await refused(id, mover, { type: "roll", id: commandId(), seq: mover.seq - 1 }, "STALE_SEQ", [waiter]);

    mover.send({ type: "roll", id: commandId(), seq: mover.seq });
    const rolled = await mover.answer();
    expect(rolled.type).toBe("ack");
    await mover.waitForSeq(rolled.seq);
    await waiter.waitForSeq(rolled.seq);
    await refused(id, mover, { type: "roll", id: commandId() }, "ALREADY_ROLLED", [waiter]);
    await refused(id, waiter, { type: "play", id: commandId(), play: mover.legalPlays![0]!.play }, "NOT_YOUR_TURN");
    // A 14-pip step matches no die.
    const illegal = await (async () => {
      const before = await tableState(id);
      mover.skipAll();
      mover.send({ type: "play", id: commandId(), play: "24/10" });
      const answer = await mover.answer();
      expect(await tableState(id)).toBe(before);
      return answer;
    })();
    expect(illegal).toMatchObject({ type: "error", code: expect.stringMatching(/^(WRONG_DISTANCE|ILLEGAL_PLAY|MUST_PLAY_MORE)$/) });
    await refused(id, mover, { type: "play", id: commandId(), play: "nonsense" }, "BAD_NOTATION");
  });

  it("commands before the match started", async () => {
    const created = await createTable();
    const w = await connect(created.tableId, { token: created.token });
    await w.next("welcome");
    await refused(created.tableId, w, { type: "roll", id: commandId() }, "MATCH_NOT_STARTED");
  });

  it("commands to a finished match", async () => {
    const { id, mover, waiter } = await seated();
    mover.send({ type: "resign", id: commandId() });
    const ack = await mover.answer();
    await waiter.waitForSeq(ack.seq);
    await refused(id, waiter, { type: "roll", id: commandId() }, "MATCH_OVER");
    await refused(id, mover, { type: "resign", id: commandId() }, "MATCH_OVER");
  });

  it("a replayed command id is acknowledged again, never applied again", async () => {
    const { id, mover } = await seated();
    mover.send({ type: "roll", id: "once" });
    const first = await mover.answer();
    const before = await tableState(id);
    for (let i = 0; i < 3; i++) {
      mover.send({ type: "roll", id: "once" });
      expect(await mover.answer()).toEqual({ type: "ack", id: "once", seq: first.seq, duplicate: true });
    }
    expect(await tableState(id)).toBe(before);
  });

  it("a flood is RATE_LIMITED and changes nothing", async () => {
    const { id, waiter } = await seated();
    const before = await tableState(id);
    const total = LIMITS.maxMessagesPer10s + 10;
    for (let i = 0; i < total; i++) waiter.send({ type: "roll", id: `flood-${i}` });
    const codes: string[] = [];
    for (let i = 0; i < total; i++) {
      const answer = await waiter.answer();
      codes.push(answer.type === "error" ? answer.code : answer.type);
    }
    expect(codes.filter((c) => c === "NOT_YOUR_TURN")).toHaveLength(LIMITS.maxMessagesPer10s);
    expect(codes.filter((c) => c === "RATE_LIMITED")).toHaveLength(10);
    expect(await tableState(id)).toBe(before);
  });

  it("accepted commands do not use up the rate window", async () => {
    const { mover } = await seated();
    for (let i = 0; i < LIMITS.maxMessagesPer10s - 1; i++) mover.send({ type: "sync", seq: 0 });
    for (let i = 0; i < LIMITS.maxMessagesPer10s - 1; i++) await mover.next("welcome");
    mover.send({ type: "roll", id: commandId() });
    expect((await mover.answer()).type).toBe("ack");
    await mover.next("update");
    mover.send({ type: "sync", seq: 0 });
    expect((await mover.next()).type).toBe("welcome");
    mover.send({ type: "sync", seq: 0 });
    expect(await mover.next()).toMatchObject({ type: "error", code: "RATE_LIMITED" });
  });
});
