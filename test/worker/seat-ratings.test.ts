/**
 * Ratings where players choose (issue 21): a seat taken with a session keeps its player's rating in the table's
 * pool (its preset), aged and rounded, provisional marked; the table view's players, the lobby's open tables and its
 * matches being played show them, and a rated table is marked rated in both lists.
 */
import { describe, expect, it } from "vitest";
import { LobbySnapshotSchema, TableViewSchema, type LobbySnapshot } from "../../src/protocol";
import { api } from "./helpers";
import { call, member } from "./players-support";
import { setRating } from "./quick-support";

async function lobbyWhen(check: (s: LobbySnapshot) => boolean): Promise<LobbySnapshot> {
  for (let i = 0; i < 500; i++) {
    const snapshot = LobbySnapshotSchema.parse(await (await api("/v1/lobby")).json());
    if (check(snapshot)) return snapshot;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the lobby never showed what the test waited for");
}

describe("ratings where players choose", () => {
  it("a rated table lists its host's rating and is marked rated; once joined, both ratings show in the view and the playing list", async () => {
    const host = await member();
    const guest = await member();
    // The host has an established rating in this pool (and another elsewhere, which must not show); the guest none.
    await setRating(host.player.id, "federation-long", 1712.4);
    await setRating(host.player.id, "backgammon", 1300);
    const created = await call("POST", "/v1/tables", { token: host.token, body: { preset: "federation-long", length: 3, rated: true, private: false } });
    expect(created.status).toBe(201);
    const { tableId } = (await created.json()) as { tableId: string };

    const open = await lobbyWhen((s) => s.open.some((t) => t.id === tableId));
    const listed = open.open.find((t) => t.id === tableId)!;
    expect(listed.rated).toBe(true);
    expect(listed.hostRating).toEqual({ rating: 1712, provisional: false });

    const joined = await call("POST", `/v1/tables/${tableId}/join`, { token: guest.token, body: {} });
    expect(joined.status).toBe(200);
    const view = TableViewSchema.parse(await (await api(`/v1/tables/${tableId}`)).json());
    expect(view.players.white?.rating).toEqual({ rating: 1712, provisional: false });
    // A player with no rated match in the pool yet: the starting 1500, provisional.
    expect(view.players.black?.rating).toEqual({ rating: 1500, provisional: true });

    const playing = await lobbyWhen((s) => s.playing.some((m) => m.id === tableId));
    const match = playing.playing.find((m) => m.id === tableId)!;
    expect(match.rated).toBe(true);
    expect(match.whiteRating).toEqual({ rating: 1712, provisional: false });
    expect(match.blackRating).toEqual({ rating: 1500, provisional: true });
  });

  it("a casual table is listed as not rated; a seat without a session and a bot show no rating", async () => {
    const created = await call("POST", "/v1/tables", { body: { preset: "georgian-short", private: false, name: "Anon" } });
    expect(created.status).toBe(201);
    const { tableId } = (await created.json()) as { tableId: string };
    const open = await lobbyWhen((s) => s.open.some((t) => t.id === tableId));
    const listed = open.open.find((t) => t.id === tableId)!;
    expect(listed.rated).toBe(false);
    expect(listed.hostRating).toBeUndefined();

    const bot = await call("POST", "/v1/tables", { body: { preset: "georgian-short", opponent: "bot", name: "Solo" } });
    const botTable = TableViewSchema.parse(((await bot.json()) as { table: unknown }).table);
    expect(botTable.players.white?.rating).toBeUndefined();
    expect(botTable.players.black?.rating).toBeUndefined();
  });
});
