/**
 * Stakes at a table. The coins move when the match starts (the join), both seats' holds in one atomic D1 batch:
 * a waiting table locks nothing, and either both players are in or neither is. The escrow is emptied by the
 * match's outbox delivery (payout, or refund of an abandoned match) or, for a table that never started, before
 * its storage is deleted (refund). docs/coins.md has the model and its reasons.
 */
import type { Side } from "../../engine";
import type { StakeView } from "../../protocol";
import { Ledger, playerAccount, type EscrowOutcome, type StakeHold } from "../db";
import type { Env } from "../env";
import { refuse, type Outcome } from "../problem";
import type { Room, TableInfo } from "../room/table";
import { coinSettings } from "./settings";

export type Stake = NonNullable<TableInfo["stake"]>;

export function stakeView(stake: Stake): StakeView {
  const pot = 2 * stake.amount;
  return { amount: stake.amount, rakePercent: stake.rakePercent, pot, payout: pot - Math.floor((pot * stake.rakePercent) / 100) };
}

/**
 * The stake a new table carries, or why it cannot: a session (SESSION_REQUIRED), a human opponent and a stake
 * within the operator's bounds (STAKE_OUT_OF_RANGE), and the coins (INSUFFICIENT_COINS; nothing is held yet).
 */
export async function stakeForNewTable(
  env: Env,
  d1: D1Database,
  input: { stake?: number | undefined; opponent: "human" | "bot"; player?: { id: string } | null },
): Promise<Outcome<Stake | null>> {
  if (input.stake === undefined) return { ok: true, value: null };
  const settings = coinSettings(env);
  if (!input.player) return refuse("SESSION_REQUIRED", "a stake table needs a player's session (Authorization: Bearer)");
  if (input.opponent === "bot") return refuse("STAKE_OUT_OF_RANGE", "no stakes against the computer");
  if (input.stake < settings.minStake || input.stake > settings.maxStake) {
    return refuse("STAKE_OUT_OF_RANGE", `the stake must be between ${settings.minStake} and ${settings.maxStake} coins`);
  }
  const ledger = new Ledger(d1);
  await ledger.refresh(input.player.id, settings, Date.now());
  const balance = await ledger.balance(playerAccount(input.player.id));
  if (balance < input.stake) return refuse("INSUFFICIENT_COINS", `the stake is ${input.stake} coins; you have ${balance}`);
  return { ok: true, value: { amount: input.stake, rakePercent: settings.rakePercent } };
}

/**
 * Moves both stakes into the table's escrow as the second player sits. Refusals: SESSION_REQUIRED, SAME_PLAYER,
 * INSUFFICIENT_COINS (the joiner), STAKE_UNCOVERED (the creator spent the coins meanwhile), TABLE_NOT_FOUND (the
 * table was settled: it expired meanwhile). A retry after a crash finds the holds and takes nothing more.
 */
export async function holdStakes(env: Env, d1: D1Database, room: Room, joiner: { id: string } | null | undefined): Promise<Outcome<void>> {
  const stake = room.info.stake;
  if (!stake) return { ok: true, value: undefined };
  if (!joiner) return refuse("SESSION_REQUIRED", "a stake table needs a player's session (Authorization: Bearer)");
  const creator = room.info.seats.white?.playerId;
  if (!creator) return refuse("INTERNAL", "a stake table without its creator's player");
  if (creator === joiner.id) return refuse("SAME_PLAYER", "nobody plays for coins against themselves");
  const ledger = new Ledger(d1);
  const now = Date.now();
  await ledger.refresh(joiner.id, coinSettings(env), now);
  const holds: StakeHold[] = [
    { seat: "white", playerId: creator },
    { seat: "black", playerId: joiner.id },
  ];
  const held = await ledger.hold(room.info.id, holds, stake.amount, now);
  if (held === "held") return { ok: true, value: undefined };
  if (held === "closed") return refuse("TABLE_NOT_FOUND", "this table has closed");
  const balance = await ledger.balance(playerAccount(joiner.id));
  if (balance < stake.amount) return refuse("INSUFFICIENT_COINS", `the stake is ${stake.amount} coins; you have ${balance}`);
  return refuse("STAKE_UNCOVERED", "the table's creator no longer has the stake");
}

/**
 * How a finished stake match empties its escrow: the winner takes the pot; an abandoned match (both players
 * away, no winner) refunds both stakes.
 */
export function escrowOutcome(room: Room): EscrowOutcome {
  const { info, match } = room;
  const winner = match?.winner ?? null;
  if (!info.stake || winner === null) return { kind: "refund" };
  const seat = (side: Side): StakeHold => ({ seat: side, playerId: info.seats[side]!.playerId! });
  return { kind: "payout", winner: seat(winner), loser: seat(winner === "white" ? "black" : "white"), rakePercent: info.stake.rakePercent };
}

/** Settles a finished or never-started stake table (idempotent; throws while D1 fails, for the caller to retry). */
export async function settleStakes(d1: D1Database, room: Room, at: number): Promise<void> {
  if (!room.info.stake) return;
  await new Ledger(d1).settle(room.info.id, room.info.status === "over" ? escrowOutcome(room) : { kind: "refund" }, at);
}
