/** The answer a seat's holder gets: the seat, its token and invite, and the table's links. */
import { SeatGrantSchema, type SeatGrant } from "../../protocol";
import { unwrap, type Outcome } from "../problem";

/** The SeatGrant a create or join answers with (also what a quick-match pairing hands each seeker). */
export function grant(outcome: Outcome<{ seat: string; token: string; invite: string | null; table: { id: string } }>): SeatGrant {
  const issued = unwrap(outcome);
  const base = `/v1/tables/${issued.table.id}`;
  const links = { socket: `${base}/socket`, table: base, watch: `${base}/socket` };
  return SeatGrantSchema.parse({ tableId: issued.table.id, seat: issued.seat, token: issued.token, invite: issued.invite, links, table: issued.table });
}
