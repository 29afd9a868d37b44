/**
 * The table of a pairing, made through the same path as POST /v1/tables and POST /v1/tables/{id}/join: the match
 * object's `create` with the first player, then its `join` with the second, each seat bound to its player. The
 * table is private (never listed in the lobby; the join passes the invite secret the create handed back).
 */
import { CreateTableBodySchema, type SeatGrant, type SeekChoice } from "../../protocol";
import type { Env } from "../env";
import { grant } from "../routes/tables";

export interface Seated {
  playerId: string;
  name: string;
}

/** White is drawn at random: neither the longer wait nor the rating decides who moves first in the opening roll-off. */
export async function makeTable(env: Env, tableId: string, choice: SeekChoice, players: [Seated, Seated]): Promise<[SeatGrant, SeatGrant]> {
  const flip = (crypto.getRandomValues(new Uint8Array(1))[0]! & 1) === 1;
  const [white, black] = flip ? [players[1], players[0]] : players;
  const body = CreateTableBodySchema.parse({
    preset: choice.preset,
    length: choice.length,
    timeControl: choice.timeControl,
    rated: choice.rated,
    private: true,
  });
  const room = env.MATCH.getByName(tableId);
  const whiteGrant = grant(await room.create({ ...body, id: tableId, client: `quick:${tableId}`, player: { id: white.playerId, name: white.name } }));
  const blackGrant = grant(await room.join({ invite: whiteGrant.invite ?? undefined, player: { id: black.playerId, name: black.name } }));
  // The invite secret opened the second seat and nobody else needs it; both see the table as the join left it.
  const seats: [SeatGrant, SeatGrant] = [{ ...whiteGrant, invite: null, table: blackGrant.table }, blackGrant];
  return flip ? [seats[1], seats[0]] : seats;
}
