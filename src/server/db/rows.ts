/**
 * D1's rows as zod schemas, parsed once where they are read (./index.ts, ./ledger.ts), like the match object's
 * stored rows (../room/stored.ts): a row that does not fit (a bug, a missed migration) is a logged INTERNAL
 * refusal (`ownData`), never a silently wrong type. Column names as in migrations/; each schema turns its row
 * into the shape the server uses.
 */
import * as z from "zod";
import { EndReasonSchema, LoggedEventSchema, PlayerKindSchema, PresetSchema, SideSchema, TransferPurposeSchema, type DiceCounts } from "../../protocol";
import { FactsPlayerSchema } from "../record/facts";

const int = z.number().int();
/** SQLite has no boolean: 0 or 1. */
const flag = z.union([z.literal(0), z.literal(1)]).transform((n) => n === 1);

export const PlayerRowSchema = z
  .object({ id: z.string(), name: z.string().nullable(), kind: PlayerKindSchema, password: z.string().nullable(), created_at: int, bot: flag.optional() })
  .transform((r) => ({ id: r.id, name: r.name, kind: r.kind, password: r.password, createdAt: r.created_at, bot: r.bot === true }));

export const RatingRowSchema = z
  .object({ pool: PresetSchema, rating: z.number(), rd: z.number(), volatility: z.number(), games: int, rated_at: int, rev: int })
  .transform((r) => ({ pool: r.pool, rating: r.rating, rd: r.rd, volatility: r.volatility, games: r.games, ratedAt: r.rated_at, rev: r.rev }));

export const LeaderRowSchema = z
  .object({ player_id: z.string(), name: z.string() })
  .and(RatingRowSchema)
  .transform(({ player_id, ...r }) => ({ ...r, playerId: player_id }));

/** A `matches` row; `record` is its JSON column, read by the caller with StoredRecordSchema or StoredPlayersSchema. */
export const MatchRowSchema = z
  .object({
    table_id: z.string(),
    pool: PresetSchema,
    length: int,
    rated: flag,
    winner: SideSchema.nullable(),
    reason: EndReasonSchema,
    score_white: int,
    score_black: int,
    started_at: int,
    ended_at: int,
    record: z.string(),
  })
  .transform((r) => ({
    tableId: r.table_id,
    pool: r.pool,
    length: r.length,
    rated: r.rated,
    winner: r.winner,
    reason: r.reason,
    score: { white: r.score_white, black: r.score_black },
    startedAt: r.started_at,
    endedAt: r.ended_at,
    record: r.record,
  }));

/** JSON text parsed, then checked with `schema`. */
export function json<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "not JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const StoredPlayersShape = z.object({ white: FactsPlayerSchema, black: FactsPlayerSchema });
/** The `record` column of a summary: only the seats (the events are not read for a page of summaries). */
export const StoredPlayersSchema = json(z.object({ players: StoredPlayersShape }));
/** The `record` column of a full record: the seats and every event. */
export const StoredRecordSchema = json(z.object({ players: StoredPlayersShape, events: z.array(LoggedEventSchema) }));

/** A `match_players` row joined with the player's kind (is the account deleted?). */
export const MatchPlayerRowSchema = z
  .object({ table_id: z.string(), side: SideSchema, kind: PlayerKindSchema, rating_before: z.number().nullable(), rating_after: z.number().nullable() })
  .transform((r) => ({ tableId: r.table_id, side: r.side, deleted: r.kind === "deleted", ratingBefore: r.rating_before, ratingAfter: r.rating_after }));

export const DiceRowSchema = z
  .object({ rolls: int, doubles: int, face1: int, face2: int, face3: int, face4: int, face5: int, face6: int })
  .transform((r): DiceCounts => ({ rolls: r.rolls, doubles: r.doubles, faces: [r.face1, r.face2, r.face3, r.face4, r.face5, r.face6] }));

/** count(*) and sum() of a player's results (sum is NULL over no rows, so coalesced in the query). */
export const CountsRowSchema = z.object({ matches: int, wins: int, losses: int });

export const TransferRowSchema = z
  .object({
    id: z.string(),
    from_account: z.string(),
    to_account: z.string(),
    amount: int,
    purpose: TransferPurposeSchema,
    table_id: z.string().nullable(),
    at: int,
  })
  .transform((r) => ({ id: r.id, from: r.from_account, to: r.to_account, amount: r.amount, purpose: r.purpose, tableId: r.table_id, at: r.at }));
