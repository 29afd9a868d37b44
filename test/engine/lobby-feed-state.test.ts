/**
 * The typed client's `LobbyFeedState` (docs/protocol.md, The lobby feed: diffs): a snapshot, then diffs applied in
 * seq order; a diff that skips a seq is a gap (reconnect for a new snapshot); one already seen changes nothing.
 */
import { describe, expect, it } from "vitest";
import { LobbyFeedState } from "../../src/client";
import type { LobbyFeedMessage, PlayingSummary, TableSummary } from "../../src/protocol";

const ruleset: TableSummary["ruleset"] = { preset: "armenian-long", variant: "long", koks: false, cube: true, opening: "reroll", timeout: "lose-match" };
const table = (id: string, createdAt: number, host = "Nino"): TableSummary => ({ id, ruleset, length: 1, host, createdAt, rated: false });
const match = (id: string, startedAt: number): PlayingSummary => ({ id, ruleset, length: 1, white: "Nino", black: "Aram", startedAt, rated: false });
const none = { upsert: [], remove: [] };

function diff(seq: number, change: Partial<Pick<Extract<LobbyFeedMessage, { type: "diff" }>, "open" | "playing" | "online">>): LobbyFeedMessage {
  return { type: "diff", seq, open: none, playing: none, online: 3, ...change };
}

function snapped(): LobbyFeedState {
  const state = new LobbyFeedState();
  expect(state.apply({ type: "snapshot", seq: 7, open: [table("b", 20), table("a", 10)], playing: [match("m", 5)], online: 3 })).toBe("applied");
  return state;
}

describe("LobbyFeedState", () => {
  it("applies a snapshot, then each diff in turn: adds, replaces, removes, keeps newest first", () => {
    const state = snapped();
    expect(state.seq).toBe(7);
    expect(state.snapshot()).toEqual({ open: [table("b", 20), table("a", 10)], playing: [match("m", 5)], online: 3 });

    // A new table, a host's new name for "a", and "b" joined: off open, onto playing, in one diff.
    expect(state.apply(diff(8, { open: { upsert: [table("c", 30), table("a", 10, "Lia")], remove: ["b"] }, playing: { upsert: [match("b", 40)], remove: [] }, online: 5 }))).toBe("applied");
    expect(state.seq).toBe(8);
    expect(state.snapshot()).toEqual({ open: [table("c", 30), table("a", 10, "Lia")], playing: [match("b", 40), match("m", 5)], online: 5 });

    expect(state.apply(diff(9, { playing: { upsert: [], remove: ["m"] }, online: 4 }))).toBe("applied");
    expect(state.snapshot()).toEqual({ open: [table("c", 30), table("a", 10, "Lia")], playing: [match("b", 40)], online: 4 });
  });

  it("reports a gap when a diff skips a seq, applies nothing from it, and recovers with the next snapshot", () => {
    const state = snapped();
    const before = state.snapshot();
    expect(state.apply(diff(9, { open: { upsert: [table("x", 99)], remove: ["a"] }, online: 9 }))).toBe("gap");
    expect(state.seq).toBeNull();
    expect(state.snapshot()).toEqual(before);
    // Until a snapshot comes every diff is a gap, even the one that would have followed.
    expect(state.apply(diff(10, { open: { upsert: [table("y", 100)], remove: [] } }))).toBe("gap");
    expect(state.snapshot()).toEqual(before);

    expect(state.apply({ type: "snapshot", seq: 12, open: [table("z", 50)], playing: [], online: 1 })).toBe("applied");
    expect(state.snapshot()).toEqual({ open: [table("z", 50)], playing: [], online: 1 });
    expect(state.apply(diff(13, { open: { upsert: [], remove: ["z"] } }))).toBe("applied");
    expect(state.snapshot().open).toEqual([]);
  });

  it("a diff before any snapshot is a gap", () => {
    const state = new LobbyFeedState();
    expect(state.apply(diff(1, { open: { upsert: [table("a", 1)], remove: [] } }))).toBe("gap");
    expect(state.snapshot()).toEqual({ open: [], playing: [], online: 0 });
  });

  it("ignores a duplicate diff and one older than the last seen, and goes on with the next", () => {
    const state = snapped();
    expect(state.apply(diff(8, { open: { upsert: [table("c", 30)], remove: [] }, online: 4 }))).toBe("applied");
    const after8 = state.snapshot();
    expect(state.apply(diff(8, { open: { upsert: [table("dup", 31)], remove: ["c"] }, online: 1 }))).toBe("stale");
    expect(state.apply(diff(6, { open: { upsert: [], remove: ["a", "b"] }, online: 0 }))).toBe("stale");
    expect(state.seq).toBe(8);
    expect(state.snapshot()).toEqual(after8);
    expect(state.apply(diff(9, { open: { upsert: [], remove: ["c"] }, online: 4 }))).toBe("applied");
    expect(state.snapshot().open.map((t) => t.id)).toEqual(["b", "a"]);
  });
});
