/** Players as lists show them (PlayerLink): name, the bot mark, and their presence from the player channel. */
import type { PlayerLink } from "../../protocol";
import { botIds } from "../db/tokens";
import type { Env } from "../env";
import { presenceOf } from "./channel-link";
import type { NamedPlayer } from "./db";

/** One presence read for all the players given; each id once in the map. */
export async function linksOf(env: Env, players: readonly NamedPlayer[]): Promise<Map<string, PlayerLink>> {
  const unique = new Map(players.map((p) => [p.id, p]));
  const [presence, bots] = await Promise.all([presenceOf(env, [...unique.keys()]), botIds(env.DB, [...unique.keys()])]);
  return new Map(
    [...unique.values()].map((p) => [p.id, { id: p.id, name: p.name, bot: bots.has(p.id), presence: presence.get(p.id) ?? { state: "offline", since: 0, tableId: null } }]),
  );
}
