/**
 * The operator's site-wide switch for bad days ("defcon", after bgammon's): each level stops what the one below
 * stops and one thing more (docs/safety.md). Stored in D1 `site_settings` key `defcon` and read fresh on every
 * check (one indexed row), so a level an admin sets applies to the next request everywhere, with no cache to
 * wait out. Joining a table that already waits is never stopped: it starts no new table, and the player who
 * created it is already committed to it.
 */
import * as z from "zod";
import { DefconSchema, SITE_MESSAGE_MAX, SITE_STOPS, type SiteState, type SiteStop } from "../../protocol";
import { DEFCON_KEY, setting } from "../db/site";
import type { Env } from "../env";
import { HttpRefusal } from "../problem";
import type { Admission, AdmissionRefusal } from "./admission";

/** What a level stops: the first `level` stops, in their order. */
export function stopsAt(level: number): SiteStop[] {
  return SITE_STOPS.slice(0, Math.max(0, level));
}

/** The stored value: `{"level": n, "message": "…"}`, or a bare level (`2`) as an operator may write it by hand. */
const StoredSwitchSchema = z.union([
  z.object({ level: DefconSchema, message: z.string().max(SITE_MESSAGE_MAX).default("") }),
  DefconSchema.transform((level) => ({ level, message: "" })),
]);

export interface SiteSwitch {
  level: number;
  message: string;
  updatedAt: number | null;
}

export const NORMAL: SiteSwitch = { level: 0, message: "", updatedAt: null };

/** The switch as stored; a value that does not parse counts as level 0 (logged), so a bad row never locks the site. */
export function parseSwitch(value: string | null, updatedAt: number | null = null): SiteSwitch {
  if (value === null) return NORMAL;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    json = undefined;
  }
  const parsed = StoredSwitchSchema.safeParse(json);
  if (!parsed.success) {
    console.error(`site_settings ${DEFCON_KEY} does not parse; treated as level 0`, value);
    return NORMAL;
  }
  return { ...parsed.data, updatedAt };
}

export async function readSwitch(d1: D1Database): Promise<SiteSwitch> {
  const row = await setting(d1, DEFCON_KEY);
  return row ? parseSwitch(row.value, row.updatedAt) : NORMAL;
}

export function siteState(sw: SiteSwitch): SiteState {
  return { defcon: sw.level, stops: stopsAt(sw.level), message: sw.message, updatedAt: sw.updatedAt };
}

/** Whether a seat counts as a guest's for `guest-chat`: a guest player, or a seat taken without a session. */
export function isGuestSeat(kind: string | null): boolean {
  return kind !== "member";
}

/** The stop that would refuse this admission, if its level is on; null: no level stops it. */
export function stopFor(admission: Admission): SiteStop | null {
  switch (admission.what) {
    case "create-guest":
      return "guest-creation";
    case "chat":
      return isGuestSeat(admission.player?.kind ?? null) ? "guest-chat" : null;
    case "create-table":
    case "seek":
      return admission.stake > 0 ? "stake-tables" : "new-tables";
    case "claim":
    case "join-table":
      return null;
  }
}

const WHY: Record<SiteStop, string> = {
  "guest-creation": "new guests are paused",
  "guest-chat": "chat is paused for guests (claim a name to chat)",
  "stake-tables": "new stake tables and stake seeks are paused",
  "new-tables": "new tables and seeks are paused (tables already waiting can still be joined)",
};

/** The refusal of `stop` under `sw`, or null when the level does not reach it. */
export function refusalOf(sw: SiteSwitch, stop: SiteStop | null): HttpRefusal | null {
  if (stop === null || !stopsAt(sw.level).includes(stop)) return null;
  const note = sw.message === "" ? "" : ` (${sw.message})`;
  return new HttpRefusal("SITE_RESTRICTED", `the site is at level ${sw.level}: ${WHY[stop]}${note}; GET /v1/site says what is stopped`);
}

export async function siteSwitchRefusal(env: Env, admission: Admission, now: number): Promise<AdmissionRefusal> {
  void now;
  const stop = stopFor(admission);
  // Only what some level could stop pays the read.
  if (stop === null) return null;
  let sw: SiteSwitch;
  try {
    sw = await readSwitch(env.DB);
  } catch (error) {
    // D1 unreachable: play goes on as it does without D1 elsewhere (an anonymous table needs none); nothing is stopped.
    console.error("the site switch could not be read; nothing is stopped", error);
    return null;
  }
  return refusalOf(sw, stop);
}
