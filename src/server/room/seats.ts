/**
 * A table's seats from the outside: who may take one (`SeatPlayer`), what its holder is handed once (`SeatIssued`,
 * and the `SeatGrant` the HTTP answer makes of it), and how a token finds its seat again. The stored seat itself is
 * `Seat` (./table.ts).
 */
import type { Side } from "../../engine";
import { SeatGrantSchema, type PlayerKind, type SeatGrant, type TableView } from "../../protocol";
import { sameDigest } from "../ids";
import { unwrap, type Outcome } from "../problem";
import { SIDES, type Room } from "./table";

/** The player whose session makes the request: the seat is bound to them and carries their name. */
export interface SeatPlayer {
  id: string;
  name: string;
  /** guest or member, where the caller knows it: a guest may not sit at a rated or stake table (CLAIM_REQUIRED). */
  kind?: PlayerKind;
  /** A bot account (docs/bots.md): the seat is marked `botAccount` and may not chat (BOT_ACCOUNT). */
  bot?: boolean;
}

/** A seat just handed out: the secret token (and a private table's invite secret) go to its holder once and are never stored. */
export interface SeatIssued {
  seat: "white" | "black";
  token: string;
  invite: string | null;
  table: TableView;
}

/** The seat whose token hashes to `tokenHash` (compared in constant time), or null. */
export function seatOfToken(room: Room, tokenHash: string): Side | null {
  return (
    SIDES.find((side) => {
      const hash = room.info.seats[side]?.tokenHash;
      return hash != null && sameDigest(hash, tokenHash);
    }) ?? null
  );
}

/** The SeatGrant a create or join answers with (also what a quick-match pairing hands each seeker). */
export function grant(outcome: Outcome<{ seat: string; token: string; invite: string | null; table: { id: string } }>): SeatGrant {
  const issued = unwrap(outcome);
  const base = `/v1/tables/${issued.table.id}`;
  const links = { socket: `${base}/socket`, table: base, watch: `${base}/socket` };
  return SeatGrantSchema.parse({ tableId: issued.table.id, seat: issued.seat, token: issued.token, invite: issued.invite, links, table: issued.table });
}
