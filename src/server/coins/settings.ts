/** The operator's coin settings (`[vars]` in wrangler.toml), read with their defaults. docs/coins.md lists them. */
import type { Env } from "../env";
import type { GrantSettings } from "../db";

export interface CoinSettings extends GrantSettings {
  minStake: number;
  maxStake: number;
  /** Percent of the pot the house keeps from a payout (rounded down). */
  rakePercent: number;
}

export const COIN_DEFAULTS: CoinSettings = { startGrant: 1000, topUpBelow: 100, topUp: 100, minStake: 10, maxStake: 10_000, rakePercent: 0 };

/** A whole number from a var, or the default when it is unset or not a whole number in range. */
function wholeVar(value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return fallback;
  const n = Number(value.trim());
  return n <= max ? n : fallback;
}

export function coinSettings(env: Env): CoinSettings {
  const d = COIN_DEFAULTS;
  const minStake = Math.max(1, wholeVar(env.COIN_STAKE_MIN, d.minStake));
  return {
    startGrant: wholeVar(env.COIN_START_GRANT, d.startGrant),
    topUpBelow: wholeVar(env.COIN_TOPUP_BELOW, d.topUpBelow),
    topUp: wholeVar(env.COIN_TOPUP, d.topUp),
    minStake,
    maxStake: Math.max(minStake, wholeVar(env.COIN_STAKE_MAX, d.maxStake)),
    rakePercent: wholeVar(env.COIN_RAKE_PERCENT, d.rakePercent, 100),
  };
}
