/** Table chat: seats talk, spectators read; lichess's flood rule; length; kept across eviction; never in the event log. */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHAT_LIMITS } from "../../src/protocol";
import type { MatchRoom } from "../../src/server";
import { floodRefusal } from "../../src/server/room/chat";
import { commandId, connect, history, seatedMatch, stubOf, type Client } from "./helpers";

async function say(client: Client, text: string, id = commandId()) {
  client.send({ type: "chat", id, text });
  return client.answer();
}

describe("chat", () => {
  it("a seat's line reaches both seats and the spectators, stays out of the event log, and survives eviction", async () => {
    const { id, white, w, b } = await seatedMatch();
    const watcher = await connect(id);
    await watcher.next("welcome");
    const before = await history(id);

    expect(await say(w, "  good luck <b>!</b>  ")).toMatchObject({ type: "ack", seq: before.seq, duplicate: false });
    for (const c of [w, b, watcher]) {
      const { lines } = await c.next("chat");
      // Stored and sent as the text it is (trimmed), never interpreted.
      expect(lines).toEqual([expect.objectContaining({ n: 1, seat: "white", text: "good luck <b>!</b>" })]);
    }
    const after = await history(id);
    expect(after.seq).toBe(before.seq);
    expect(after.events.length).toBe(before.events.length);

    await evictDurableObject(stubOf(id));
    const again = await connect(id, { token: white.token });
    await again.next("welcome");
    expect((await again.next("chat")).lines.map((l) => l.text)).toEqual(["good luck <b>!</b>"]);
  });

  it("spectators read but cannot post (SPECTATOR), and nothing is stored", async () => {
    const { id, w } = await seatedMatch();
    const watcher = await connect(id);
    await watcher.next("welcome");
    expect(await say(watcher, "hello players")).toMatchObject({ type: "error", code: "SPECTATOR" });
    const stored = await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => state.storage.sql.exec("SELECT * FROM chat").toArray());
    expect(stored).toEqual([]);
    // The seats heard nothing.
    expect((await w.drain()).filter((m) => m.type === "chat")).toEqual([]);
  });

  it(`lines over ${CHAT_LIMITS.maxChars} characters, or empty ones, are CHAT_TOO_LONG and change nothing`, async () => {
    const { w, b } = await seatedMatch();
    expect(await say(w, "x".repeat(CHAT_LIMITS.maxChars + 1))).toMatchObject({ type: "error", code: "CHAT_TOO_LONG" });
    expect(await say(w, "   ")).toMatchObject({ type: "error", code: "CHAT_TOO_LONG" });
    // Counted in characters, not UTF-16 units: the limit's worth of emoji fits.
    expect(await say(w, "🎲".repeat(CHAT_LIMITS.maxChars))).toMatchObject({ type: "ack" });
    expect((await b.next("chat")).lines[0]?.text).toBe("🎲".repeat(CHAT_LIMITS.maxChars));
    // A frame beyond what the schema reads is refused before the chat even looks at it.
    expect(await say(w, "y".repeat(CHAT_LIMITS.maxFrameChars + 1))).toMatchObject({ type: "error", code: "BAD_MESSAGE" });
  });

  it("flood rule: the sixth line within 10 s is dropped, and a repeat of one of the last two lines is dropped", async () => {
    const { id, w, b } = await seatedMatch();
    for (let i = 1; i <= CHAT_LIMITS.floodLines; i++) expect(await say(w, `line ${i}`)).toMatchObject({ type: "ack" });
    expect(await say(w, "line 6")).toMatchObject({ type: "error", code: "CHAT_FLOOD" });
    // Per sender: the other seat still talks.
    expect(await say(b, "calm down")).toMatchObject({ type: "ack" });
    // Ten seconds later (the stored lines made older) the sender may talk again.
    await runInDurableObject(stubOf(id), (_room: MatchRoom, state) => {
      state.storage.sql.exec("UPDATE chat SET at = at - ?", CHAT_LIMITS.floodWindowMs);
    });
    expect(await say(w, "line 6")).toMatchObject({ type: "ack" });
    // Repeats: the last line, and the one before it, are refused; the third-last is fine.
    expect(await say(w, "line 6")).toMatchObject({ type: "error", code: "CHAT_FLOOD" });
    expect(await say(w, "line 5")).toMatchObject({ type: "error", code: "CHAT_FLOOD" });
    expect(await say(w, "line 4")).toMatchObject({ type: "ack" });
    const texts = await runInDurableObject(stubOf(id), (_room: MatchRoom, state) =>
      state.storage.sql.exec<{ text: string }>("SELECT text FROM chat WHERE seat = 'white' ORDER BY n").toArray().map((r) => r.text),
    );
    expect(texts).toEqual(["line 1", "line 2", "line 3", "line 4", "line 5", "line 6", "line 4"]);
  });

  it("a retried line (same id) is acknowledged as a duplicate and said once", async () => {
    const { w, b } = await seatedMatch();
    expect(await say(w, "once", "chat-1")).toMatchObject({ type: "ack", duplicate: false });
    expect(await say(w, "once", "chat-1")).toMatchObject({ type: "ack", duplicate: true });
    const lines = (await b.drain()).filter((m) => m.type === "chat");
    expect(lines).toHaveLength(1);
  });

  it("the flood rule as a function: the fifth previous line's age decides", () => {
    const now = 100_000;
    const recent = [5, 4, 3, 2, 1].map((k) => ({ at: now - k * 1000, text: `t${k}` }));
    expect(floodRefusal(recent, "new", now)?.code).toBe("CHAT_FLOOD");
    expect(floodRefusal(recent.slice(0, 4), "new", now)).toBeNull();
    expect(floodRefusal([...recent.slice(0, 4), { at: 0, text: "a" }], "new", now)).toBeNull();
    expect(floodRefusal([{ at: 0, text: "a" }, { at: 0, text: "b" }, { at: 0, text: "c" }], "c", now)).toBeNull();
  });
});
