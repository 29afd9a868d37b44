/**
 * The pool's alarm: expired seeks end, vanished seekers' windows run out, and the connected seekers are paired in
 * one wave (./pairing.ts). A pairing claims both players in the registry, makes the table (./table.ts) and tells
 * each their seat once.
 */
import { SEEK_LIMITS, type SeekChoice } from "../../protocol";
import { CLOSE, closeSocket } from "../frames";
import { newTableId } from "../ids";
import type { PoolCore } from "./core";
import { pairWave } from "./pairing";
import type { SeekerRow } from "./store";
import { makeTable } from "./table";

export async function runWave(core: PoolCore): Promise<void> {
  const now = Date.now();
  core.store.forgetOpponentsBefore(now - SEEK_LIMITS.maxSeekMs);
  const candidates = [];
  for (const row of core.store.all()) {
    if (row.state !== "waiting") continue;
    if (now - row.since >= SEEK_LIMITS.maxSeekMs) {
      core.store.remove(row.player_id);
      for (const ws of core.sockets(row.player_id)) core.end(ws, { type: "cancelled", reason: "expired" });
    } else if (!core.connected(row.player_id)) {
      if (row.gone_at === null) core.store.gone(row.player_id, now);
      else if (now - row.gone_at >= SEEK_LIMITS.goneWindowMs) core.store.remove(row.player_id);
    } else {
      candidates.push({ playerId: row.player_id, rating: row.rating, since: row.since, lastOpponent: row.last_opponent, avoid: row.avoid, row });
    }
  }
  const choice = core.store.choice();
  if (choice) await Promise.all(pairWave(candidates, now).map(([a, b]) => pairUp(core, choice, a.row, b.row)));
  await core.schedule(Date.now());
}

/**
 * Claims both, checks both are still here, makes the table and tells each their seat. Whoever was paired
 * elsewhere or vanished is dropped; the other keeps their `since`, so they are at the front of the next wave.
 */
async function pairUp(core: PoolCore, choice: SeekChoice, a: SeekerRow, b: SeekerRow): Promise<void> {
  const tableId = newTableId();
  const ids = [a.player_id, b.player_id];
  core.store.pairing(ids, tableId);
  let claimed = false;
  try {
    const claim = await core.registry().claim([a, b].map((s) => ({ playerId: s.player_id, since: s.since })), tableId);
    const dropped = claim.ok ? ids.filter((id) => !core.connected(id)) : claim.taken;
    claimed = claim.ok;
    if (dropped.length > 0) {
      for (const id of dropped) {
        core.store.remove(id);
        if (claim.ok) continue;
        // Paired in another pool: who they met here last no longer matters.
        core.store.forgetOpponent(id);
        for (const ws of core.sockets(id)) core.end(ws, { type: "cancelled", reason: "paired-elsewhere" });
      }
      if (claimed) await core.registry().release(ids, tableId);
      for (const id of ids) if (!dropped.includes(id)) core.store.waiting(id);
      return;
    }
    const made = await makeTable(core.env, tableId, choice, [
      { playerId: a.player_id, name: a.name },
      { playerId: b.player_id, name: b.name },
    ]);
    if (!made.ok) {
      // A stake the player's coins no longer cover: their seek ends; the other is back at the front of the queue.
      // The rows first, so whoever hears `cancelled` finds the pool as it will stay; the next wave waits for this one.
      for (const id of ids) {
        if (made.uncovered.includes(id)) core.store.remove(id);
        else core.store.waiting(id);
      }
      for (const id of made.uncovered) for (const ws of core.sockets(id)) core.end(ws, { type: "cancelled", reason: "insufficient-coins" });
      await core.registry().release(ids, tableId);
      return;
    }
    const { grants } = made;
    core.store.paired(a.player_id, b.player_id, Date.now());
    const seats: Array<[SeekerRow, SeekerRow, (typeof grants)[0]]> = [
      [a, b, grants[0]],
      [b, a, grants[1]],
    ];
    for (const [me, them, grant] of seats) {
      const opponent = { playerId: them.player_id, name: them.name, rating: them.rating };
      const sockets = core.sockets(me.player_id);
      // Exactly once: to the newest socket (a replaced one was already told so), then closed.
      sockets.forEach((ws, i) => (i === sockets.length - 1 ? core.end(ws, { type: "paired", grant, opponent }) : closeSocket(ws, CLOSE.gone, "replaced")));
    }
  } catch (error) {
    core.log.error("quick match: pairing failed; both seekers wait on", error, { tableId });
    if (claimed) await core.registry().release(ids, tableId).catch(() => undefined);
    for (const id of ids) core.store.waiting(id);
  }
}
