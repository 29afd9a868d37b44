/**
 * Moderation actions inside workerd, each seen from the next request the player makes: a suspension stops
 * creating, joining and seeking; a mute stops chat at the edge; a ban ends every session and refuses sign-in; a
 * forced rename; warnings in the player's standing. Each action's log row, its undo, and a match reversal's
 * compensating rows with the ledger still balanced.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ActionResult, Dossier, LogPage, MyStanding, PlayerProfile, PlayerSearch, TransferPage } from "../../src/protocol";
import { admit } from "../../src/server/moderation/admission";
import { compensations } from "../../src/server/moderation/actions";
import { HttpRefusal } from "../../src/server/problem";
import { Db } from "../../src/server/db";
import { ModerationDb, reversalGuard } from "../../src/server/db/moderation";
import { balance, delivered, expectLedgerSound, resign, stored } from "./coins-support";
import { expectProblem } from "../support/problems";
import { act, acted, member, snapshot, staff } from "./moderation-support";
import { call, d1Count, MEMBER_PASSWORD, profile, tableBetween } from "./players-support";
import { freshChoice, seekQuery, seekResponse } from "./quick-support";

const GRANT = 1000;

async function standingOf(token: string): Promise<MyStanding> {
  const res = await call("GET", "/v1/me/standing", { token });
  expect(res.status).toBe(200);
  return (await res.json()) as MyStanding;
}

async function createTable(token: string): Promise<Response> {
  return call("POST", "/v1/tables", { token, body: { preset: "backgammon" } });
}

/** What the edge answers a chat line from this player (h2's match object asks the same question). */
async function chatRefusal(playerId: string): Promise<string | null> {
  const player = await new Db(env.DB).player(playerId);
  try {
    await admit(env, { what: "chat", player });
    return null;
  } catch (error) {
    if (error instanceof HttpRefusal) return `${error.code}: ${error.message}`;
    throw error;
  }
}

async function logOf(token: string, query: string): Promise<LogPage> {
  const res = await call("GET", `/v1/admin/log?${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as LogPage;
}

describe("sanctions on the next request", () => {
  it("a suspended player cannot create, join, seek or chat until unsuspended; the refusal names the end", async () => {
    const mod = await staff("moderator");
    const p = await member("suspended");
    const other = await member("host");
    const open = (await (await createTable(other.token)).json()) as { tableId: string };

    const suspended = await acted(mod.token, p.player.id, { action: "suspend", reason: "stalling", note: "three timeouts today", durationSeconds: 3600 });
    const until = suspended.entry.until!;
    expect(until).toBeGreaterThan(Date.now() + 3_500_000);
    expect(suspended.standing?.suspended).toMatchObject({ until, reason: "stalling" });
    const end = new Date(until).toISOString();

    const before = await snapshot();
    expect((await expectProblem(await createTable(p.token), 403, "SUSPENDED")).detail).toContain(end);
    expect((await expectProblem(await call("POST", `/v1/tables/${open.tableId}/join`, { token: p.token, body: {} }), 403, "SUSPENDED")).detail).toContain(end);
    expect((await expectProblem(await seekResponse(seekQuery(freshChoice()), p.token), 403, "SUSPENDED")).detail).toContain(end);
    expect(await chatRefusal(p.player.id)).toBe(`SUSPENDED: this player is suspended until ${end}`);
    expect(await snapshot()).toEqual(before);
    // Reading is not stopped: the player still sees their standing and their profile.
    expect((await standingOf(p.token)).suspended).toMatchObject({ until, reason: "stalling" });

    const lifted = await acted(mod.token, p.player.id, { action: "unsuspend", reason: "other", note: "appeal accepted" });
    expect(lifted.entry.undoes).toBe(suspended.entry.id);
    expect(lifted.standing?.suspended).toBeNull();
    expect((await createTable(p.token)).status).toBe(201);
    expect(await chatRefusal(p.player.id)).toBeNull();
    await expectProblem(await act(mod.token, p.player.id, { action: "unsuspend" }), 404, "ACTION_NOT_FOUND");

    const log = await logOf(mod.token, `player=${p.player.id}`);
    expect(log.entries.map((e) => [e.action, e.reason, e.actorId])).toEqual([
      ["unsuspend", "other", mod.player.id],
      ["suspend", "stalling", mod.player.id],
    ]);
    expect(log.entries[1]).toMatchObject({ note: "three timeouts today", until, actorName: mod.name });
  });

  it("a muted player may play but not chat; unmute lifts it; a mute whose time has passed stands no more", async () => {
    const mod = await staff("moderator");
    const p = await member("muted");
    const muted = await acted(mod.token, p.player.id, { action: "mute", reason: "chat-abuse", durationSeconds: 600 });
    const end = new Date(muted.entry.until!).toISOString();
    expect(await chatRefusal(p.player.id)).toBe(`MUTED: this player's chat is muted until ${end}`);
    expect((await createTable(p.token)).status).toBe(201);
    expect((await standingOf(p.token)).muted).toMatchObject({ until: muted.entry.until, reason: "chat-abuse" });

    // The edge compares with the time it is asked at: after the end, nothing stands.
    const player = await new Db(env.DB).player(p.player.id);
    await expect(admit(env, { what: "chat", player }, muted.entry.until! + 1)).resolves.toBeUndefined();

    const unmuted = await acted(mod.token, p.player.id, { action: "unmute", reason: "other" });
    expect(unmuted.entry.undoes).toBe(muted.entry.id);
    expect(await chatRefusal(p.player.id)).toBeNull();
    expect((await standingOf(p.token)).muted).toBeNull();
  });

  it("a ban ends every session at once and refuses sign-in with BANNED (a wrong password still gets BAD_CREDENTIALS); unban lets them in again", async () => {
    const admin = await staff("admin");
    const p = await member("banned");
    const second = await call("POST", "/v1/sessions", { body: { name: p.name, password: MEMBER_PASSWORD } });
    expect(second.status).toBe(200);
    const secondToken = ((await second.json()) as { token: string }).token;
    expect(await d1Count("SELECT count(*) AS n FROM sessions WHERE player_id = ?", p.player.id)).toBe(2);

    const banned = await acted(admin.token, p.player.id, { action: "ban", reason: "farming", note: "chip-dumping ring" });
    expect(banned.standing?.banned).toMatchObject({ reason: "farming" });
    expect(await d1Count("SELECT count(*) AS n FROM sessions WHERE player_id = ?", p.player.id)).toBe(0);
    for (const token of [p.token, secondToken]) {
      await expectProblem(await call("GET", "/v1/me", { token }), 401, "UNAUTHORIZED");
      await expectProblem(await createTable(token), 401, "UNAUTHORIZED");
    }
    await expectProblem(await call("POST", "/v1/sessions", { body: { name: p.name, password: MEMBER_PASSWORD } }), 403, "BANNED");
    expect(await d1Count("SELECT count(*) AS n FROM sessions WHERE player_id = ?", p.player.id)).toBe(0);
    await expectProblem(await call("POST", "/v1/sessions", { body: { name: p.name, password: "wrong horse" } }), 401, "BAD_CREDENTIALS");
    expect(await chatRefusal(p.player.id)).toBe("BANNED: this player is banned");

    const unbanned = await acted(admin.token, p.player.id, { action: "unban", reason: "other" });
    expect(unbanned.entry.undoes).toBe(banned.entry.id);
    const back = await call("POST", "/v1/sessions", { body: { name: p.name, password: MEMBER_PASSWORD } });
    expect(back.status).toBe(200);
    expect((await createTable(((await back.json()) as { token: string }).token)).status).toBe(201);
  });

  it("a warning is logged and the player sees it, with its note, in their standing", async () => {
    const mod = await staff("moderator");
    const p = await member("warned");
    expect(await standingOf(p.token)).toEqual({ banned: null, suspended: null, muted: null, warnings: [] });
    await acted(mod.token, p.player.id, { action: "warn", reason: "leaving", note: "please finish your matches" });
    const standing = await standingOf(p.token);
    expect(standing.warnings).toEqual([{ at: expect.any(Number), reason: "leaving", note: "please finish your matches" }]);
    expect(standing.muted).toBeNull();
    await expectProblem(await call("GET", "/v1/me/standing"), 401, "UNAUTHORIZED");
  });
});

describe("forced renames", () => {
  it("renames to a given or a generated name, keeps the old one findable, refuses a taken one, and is undone by a rename back", async () => {
    const mod = await staff("moderator");
    const p = await member("rude");
    const taken = await member("taken");
    const oldName = p.name;

    await expectProblem(await act(mod.token, p.player.id, { action: "rename", name: taken.name.toUpperCase() }), 409, "NAME_TAKEN");
    expect((await profile(p.player.id)).name).toBe(oldName);

    const renamed = await acted(mod.token, p.player.id, { action: "rename", reason: "name", name: "Polite_One" });
    expect(renamed.entry).toMatchObject({ action: "rename", reason: "name", detail: { from: oldName, to: "Polite_One" } });
    expect((await profile(p.player.id)).name).toBe("Polite_One");
    // The member signs in with the new name; the old one is free.
    expect((await call("POST", "/v1/sessions", { body: { name: "Polite_One", password: MEMBER_PASSWORD } })).status).toBe(200);
    await expectProblem(await call("POST", "/v1/sessions", { body: { name: oldName, password: MEMBER_PASSWORD } }), 401, "BAD_CREDENTIALS");

    const generated = await acted(mod.token, p.player.id, { action: "rename", reason: "name" });
    const name = (generated.entry.detail as { to: string }).to;
    expect(name).toMatch(/^player-[a-z2-9]{8}$/);
    expect(((await profile(p.player.id)) as PlayerProfile).name).toBe(name);

    const found = (await (await call("GET", `/v1/admin/players?name=${encodeURIComponent(oldName.toLowerCase())}`, { token: mod.token })).json()) as PlayerSearch;
    expect(found.players).toEqual([{ id: p.player.id, name, kind: "member", matchedBy: "past-name" }]);
    const dossier = (await (await call("GET", `/v1/admin/players/${p.player.id}`, { token: mod.token })).json()) as Dossier;
    expect(dossier.pastNames.map((n) => n.name)).toEqual(["Polite_One", oldName]);

    const back = await acted(mod.token, p.player.id, { action: "rename", reason: "other", name: oldName });
    expect(back.entry.detail).toEqual({ from: name, to: oldName });
    expect((await profile(p.player.id)).name).toBe(oldName);
    const current = (await (await call("GET", `/v1/admin/players?name=${oldName}`, { token: mod.token })).json()) as PlayerSearch;
    expect(current.players[0]).toMatchObject({ id: p.player.id, matchedBy: "name" });
  });
});

describe("the dossier and the log", () => {
  it("the dossier shows names, roles, sessions (never a token), matches, ratings, coins, standing and history", async () => {
    const mod = await staff("moderator");
    const p = await member("looked-up");
    await acted(mod.token, p.player.id, { action: "mute", reason: "chat-abuse", durationSeconds: 600 });
    await balance(p.token);
    const res = await call("GET", `/v1/admin/players/${p.player.id}`, { token: mod.token });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(p.token);
    const dossier = JSON.parse(text) as Dossier;
    expect(dossier).toMatchObject({
      player: { id: p.player.id, name: p.name, kind: "member" },
      roles: [],
      sessions: { count: 1 },
      matches: [],
      coins: { balance: GRANT, transfers: [{ purpose: "grant", amount: GRANT }] },
      standing: { banned: null, suspended: null, muted: { reason: "chat-abuse" } },
      history: [{ action: "mute", actorId: mod.player.id }],
    });
    const hashes = await env.DB.prepare("SELECT token_hash FROM sessions WHERE player_id = ?").bind(p.player.id).all<{ token_hash: string }>();
    for (const { token_hash } of hashes.results) expect(text).not.toContain(token_hash);
    expect((await call("GET", `/v1/admin/players/${mod.player.id}`, { token: mod.token }).then((r) => r.json())) as Dossier).toMatchObject({
      roles: [{ role: "moderator" }],
    });
    await expectProblem(await call("GET", "/v1/admin/players/AAAAAAAAAAAAAAAAAAAAAA", { token: mod.token }), 404, "PLAYER_NOT_FOUND");
    expect(((await (await call("GET", "/v1/admin/players?name=nobody-at-all", { token: mod.token })).json()) as PlayerSearch).players).toEqual([]);
  });

  it("the log is newest first, paged by cursor, and filtered by player and by action", async () => {
    const mod = await staff("moderator");
    const a = await member("log-a");
    const b = await member("log-b");
    await acted(mod.token, a.player.id, { action: "warn", note: "1" });
    await acted(mod.token, b.player.id, { action: "warn", note: "2" });
    await acted(mod.token, a.player.id, { action: "mute", durationSeconds: 60, note: "3" });
    await acted(mod.token, a.player.id, { action: "warn", note: "4" });

    const ofA = await logOf(mod.token, `player=${a.player.id}&limit=2`);
    expect(ofA.entries.map((e) => e.note)).toEqual(["4", "3"]);
    expect(ofA.next).not.toBeNull();
    const rest = await logOf(mod.token, `player=${a.player.id}&limit=2&cursor=${ofA.next}`);
    expect(rest.entries.map((e) => e.note)).toEqual(["1"]);
    expect(rest.next).toBeNull();
    const warnings = await logOf(mod.token, `action=warn&player=${a.player.id}`);
    expect(warnings.entries.map((e) => e.note)).toEqual(["4", "1"]);
    const all = await logOf(mod.token, "limit=100");
    const notes = all.entries.map((e) => e.note).filter((n) => ["1", "2", "3", "4"].includes(n));
    expect(notes).toEqual(["4", "3", "2", "1"]);
  });

  it("every action is an append-only row: the database refuses to edit or delete one", async () => {
    const mod = await staff("moderator");
    const p = await member("row");
    const { entry } = await acted(mod.token, p.player.id, { action: "warn" });
    await expect(env.DB.prepare("UPDATE moderation_log SET note = 'x' WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM moderation_log WHERE id = ?").bind(entry.id).run()).rejects.toThrow(/append-only/);
  });
});

describe("tables and matches", () => {
  it("closing a table is logged and ends its match as closed, recorded with no winner; an unknown table is TABLE_NOT_FOUND", async () => {
    const mod = await staff("moderator");
    const a = await member("close-a");
    const b = await member("close-b");
    const table = await tableBetween(a.token, b.token);
    const res = await call("POST", `/v1/admin/tables/${table.id}/close`, { token: mod.token, body: { reason: "chat-abuse", note: "slurs" } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as ActionResult).entry).toMatchObject({ action: "close-table", tableId: table.id, reason: "chat-abuse", note: "slurs" });
    // The match object ended the match (closed: no winner) and its record reaches D1 like any other ending.
    await delivered(table.id);
    expect(await d1Count("SELECT count(*) AS n FROM matches WHERE table_id = ? AND reason = 'closed' AND winner IS NULL", table.id)).toBe(1);
    const before = await snapshot();
    await expectProblem(await call("POST", "/v1/admin/tables/AAAAAAAAAAAAAAAAAAAAAA/close", { token: mod.token, body: { reason: "other" } }), 404, "TABLE_NOT_FOUND");
    expect(await snapshot()).toEqual(before);
  });

  it("reversing a rated stake match writes compensating rows (ratings and coins back, record kept), the ledger balances, and restore re-applies it", async () => {
    const mod = await staff("moderator");
    const a = await member("winner");
    const b = await member("loser");
    const table = await tableBetween(a.token, b.token, { stake: 200, rated: true });
    await resign(table.id, table.black.token);
    await delivered(table.id);
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT + 200, GRANT - 200]);
    const after = [await profile(a.player.id), await profile(b.player.id)].map((p) => p.ratings[0]!);
    expect(after.map((r) => r.games)).toEqual([1, 1]);
    const transfersBefore = await d1Count("SELECT count(*) AS n FROM coin_transfers");

    const reversed = await call("POST", `/v1/admin/matches/${table.id}/reverse`, { token: mod.token, body: { reason: "farming", note: "dumped" } });
    expect(reversed.status).toBe(201);
    const reversal = ((await reversed.json()) as ActionResult).entry;
    expect(reversal).toMatchObject({ action: "reverse-match", tableId: table.id, reason: "farming" });
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT, GRANT]);
    const undone = [await profile(a.player.id), await profile(b.player.id)].map((p) => p.ratings[0]!);
    expect(undone.map((r) => r.games)).toEqual([0, 0]);
    const before = await env.DB.prepare("SELECT player_id, rating_before, rating_after FROM match_players WHERE table_id = ?").bind(table.id).all<{
      player_id: string;
      rating_before: number;
      rating_after: number;
    }>();
    for (const seat of before.results) {
      const row = await env.DB.prepare("SELECT rating FROM ratings WHERE player_id = ?").bind(seat.player_id).first<{ rating: number }>();
      expect(row!.rating).toBeCloseTo(seat.rating_before, 9);
      expect(seat.rating_after).not.toBeCloseTo(seat.rating_before, 3);
    }
    // New rows only: the match's own transfers and its record stay as they were.
    expect(await d1Count("SELECT count(*) AS n FROM coin_transfers WHERE purpose = 'reversal' AND table_id = ?", table.id)).toBe(1);
    expect(await d1Count("SELECT count(*) AS n FROM coin_transfers")).toBe(transfersBefore + 1);
    expect(await d1Count("SELECT count(*) AS n FROM rating_adjustments WHERE log_id = ?", reversal.id)).toBe(2);
    expect((await call("GET", `/v1/matches/${table.id}`)).status).toBe(200);
    const page = (await (await call("GET", "/v1/coins/transfers?limit=1", { token: a.token })).json()) as TransferPage;
    expect(page.transfers[0]).toMatchObject({ purpose: "reversal", amount: -200, tableId: table.id });
    await expectLedgerSound();
    const dossier = (await (await call("GET", `/v1/admin/players/${a.player.id}`, { token: mod.token })).json()) as Dossier;
    expect(dossier.matches).toEqual([expect.objectContaining({ tableId: table.id, reversed: true })]);

    const snap = await snapshot();
    await expectProblem(await call("POST", `/v1/admin/matches/${table.id}/reverse`, { token: mod.token, body: { reason: "farming" } }), 409, "MATCH_REVERSED");
    expect(await snapshot()).toEqual(snap);

    const restored = await call("POST", `/v1/admin/matches/${table.id}/restore`, { token: mod.token, body: { reason: "other", note: "appeal" } });
    expect(restored.status).toBe(201);
    expect(((await restored.json()) as ActionResult).entry).toMatchObject({ action: "restore-match", undoes: reversal.id });
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT + 200, GRANT - 200]);
    const again = [await profile(a.player.id), await profile(b.player.id)].map((p) => p.ratings[0]!);
    expect(again.map((r) => r.games)).toEqual([1, 1]);
    for (const [i, r] of again.entries()) expect(r.rating).toBeCloseTo(after[i]!.rating, 6);
    expect(await d1Count("SELECT count(*) AS n FROM coin_transfers WHERE purpose = 'restore' AND table_id = ?", table.id)).toBe(1);
    await expectLedgerSound();
    await expectProblem(await call("POST", `/v1/admin/matches/${table.id}/restore`, { token: mod.token, body: { reason: "other" } }), 404, "ACTION_NOT_FOUND");

    // Reversible again after a restore.
    expect((await call("POST", `/v1/admin/matches/${table.id}/reverse`, { token: mod.token, body: { reason: "farming" } })).status).toBe(201);
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT, GRANT]);
    await expectLedgerSound();
  });

  it("two moderators reversing the same match at once write one reversal; the other is told MATCH_REVERSED", async () => {
    const [m1, m2] = [await staff("moderator"), await staff("moderator")];
    const a = await member("race-a");
    const b = await member("race-b");
    const table = await tableBetween(a.token, b.token, { stake: 50, rated: true });
    await resign(table.id, table.white.token);
    await delivered(table.id);
    const answers = await Promise.all(
      [m1, m2].map((m) => call("POST", `/v1/admin/matches/${table.id}/reverse`, { token: m.token, body: { reason: "farming" } })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await d1Count("SELECT count(*) AS n FROM moderation_log WHERE action = 'reverse-match' AND table_id = ?", table.id)).toBe(1);
    expect(await d1Count("SELECT count(*) AS n FROM coin_transfers WHERE purpose = 'reversal' AND table_id = ?", table.id)).toBe(1);
    expect([await balance(a.token), await balance(b.token)]).toEqual([GRANT, GRANT]);
    await expectLedgerSound();
    // The guard inside the batch (not only the read before it) keeps a second reversal out, and its effects with it.
    const mod = new ModerationDb(env.DB);
    const row = { id: "second-reversal-row", at: Date.now(), actorId: null, action: "reverse-match" as const, playerId: null, tableId: table.id, reason: "farming" as const, note: "", until: null, undoes: null, detail: null };
    const move = { id: "second-reversal-move", from: `player:${b.player.id}`, to: `player:${a.player.id}`, amount: 1 };
    const [logged, moved] = await mod.batch([mod.insertLog(row, reversalGuard(table.id, false)), mod.transfer(row.id, move, "reversal", table.id, row.at)]);
    expect([logged!.meta.changes, moved!.meta.changes]).toEqual([0, 0]);
    expect(await d1Count("SELECT count(*) AS n FROM coin_transfers WHERE id = ?", move.id)).toBe(0);
  });

  it("a reversal the winner can no longer pay for changes nothing; an unknown match is MATCH_NOT_FOUND", async () => {
    const mod = await staff("moderator");
    const a = await member("spent");
    const b = await member("payer");
    const c = await member("taker");
    const first = await tableBetween(a.token, b.token, { stake: 500 });
    await resign(first.id, first.black.token);
    await delivered(first.id);
    // a loses 1,100 of the 1,500 to c: 400 left, less than the 500 the reversal would take back.
    for (const stake of [GRANT, 100]) {
      const lost = await tableBetween(a.token, c.token, { stake });
      await resign(lost.id, lost.white.token);
      await delivered(lost.id);
    }
    expect(await stored(a.player.id)).toBe(400);

    const snap = await snapshot();
    await expectProblem(await call("POST", `/v1/admin/matches/${first.id}/reverse`, { token: mod.token, body: { reason: "farming" } }), 409, "INSUFFICIENT_COINS");
    await expectProblem(await call("POST", "/v1/admin/matches/AAAAAAAAAAAAAAAAAAAAAA/reverse", { token: mod.token, body: { reason: "farming" } }), 404, "MATCH_NOT_FOUND");
    expect(await snapshot()).toEqual(snap);
    await expectLedgerSound();
  });
});

describe("what a reversal pays back", () => {
  const id = (n: number) => `r${n}`;
  it.each([
    {
      name: "a payout with a rake: the winner and the house pay the loser back",
      transfers: [
        { id: "h1", from: "player:w", to: "table:t", amount: 100 },
        { id: "h2", from: "player:l", to: "table:t", amount: 100 },
        { id: "p", from: "table:t", to: "player:w", amount: 190 },
        { id: "r", from: "table:t", to: "house", amount: 10 },
      ],
      moves: [
        { id: "r0", from: "house", to: "player:l", amount: 10 },
        { id: "r1", from: "player:w", to: "player:l", amount: 90 },
      ],
    },
    {
      name: "a refund moved nobody's coins: nothing to pay back",
      transfers: [
        { id: "h1", from: "player:w", to: "table:t", amount: 100 },
        { id: "h2", from: "player:l", to: "table:t", amount: 100 },
        { id: "f1", from: "table:t", to: "player:w", amount: 100 },
        { id: "f2", from: "table:t", to: "player:l", amount: 100 },
      ],
      moves: [],
    },
    { name: "no stake: nothing", transfers: [], moves: [] },
  ])("$name", ({ transfers, moves }) => {
    expect(compensations(transfers, id)).toEqual(moves);
  });
});
