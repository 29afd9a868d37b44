/**
 * `/v1/admin`: looking a player up, acting on players, tables and matches, roles, and the moderation log
 * (docs/moderation.md). Every route needs a staff session (./auth.ts); the actions live in ../moderation/actions.ts.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ActionResultSchema,
  DossierSchema,
  LOG_CURSOR,
  LogPageSchema,
  MODERATION_LIMITS,
  ModerationActionKindSchema,
  PageQuerySchema,
  PlayerActionBodySchema,
  PlayerIdSchema,
  PlayerSearchSchema,
  ReasonBodySchema,
  RoleBodySchema,
  TableIdParamSchema,
  type Dossier,
  type PlayerHit,
} from "../../protocol";
import { Db, Ledger, playerAccount, type PlayerRow } from "../db";
import { ModerationDb } from "../db/moderation";
import type { Env } from "../env";
import { nameKey } from "../identity/names";
import { ratingView } from "../identity/profile";
import { actOnPlayer, closeTable, restoreMatch, reverseMatch, setRole } from "../moderation/actions";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { requireStaff, STAFF_SECURITY } from "./auth";

export const moderation = new OpenAPIHono<{ Bindings: Env }>();

const tags = ["admin"];
const staffProblems = {
  400: problem("BAD_REQUEST or BAD_JSON: the path, query or body fails its schema"),
  401: problem("UNAUTHORIZED: no session, or one that has ended"),
  403: problem("FORBIDDEN: the session's player lacks the role (moderator; admin where the route says so), or acts on themselves or, as a moderator, on staff"),
};
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });
const PlayerParams = z.object({ id: PlayerIdSchema.meta({ param: { name: "id", in: "path" }, description: "A player id" }) });
const TableParams = z.object({ id: TableIdParamSchema.shape.id.meta({ param: { name: "id", in: "path" }, description: "A table id" }) });
const auth = (c: { env: Env; req: { header(name: string): string | undefined } }, role: "moderator" | "admin" = "moderator") =>
  requireStaff(c.env, c.req.header("authorization"), role);

async function dossierOf(env: Env, db: Db, player: PlayerRow, now: number): Promise<Dossier> {
  const mod = new ModerationDb(env.DB);
  const ledger = new Ledger(env.DB);
  const account = playerAccount(player.id);
  const [pastNames, roles, sessions, matches, ratings, balance, transfers, standing, history] = await Promise.all([
    mod.pastNames(player.id),
    mod.roleGrants(player.id),
    mod.sessions(player.id, MODERATION_LIMITS.dossierSessions),
    db.matchesOf(player.id, null, MODERATION_LIMITS.dossierMatches),
    db.ratings(player.id),
    ledger.balance(account),
    ledger.transfersOf(account, null, MODERATION_LIMITS.dossierTransfers),
    mod.standing(player.id, now),
    mod.page({ playerId: player.id }, null, MODERATION_LIMITS.dossierHistory),
  ]);
  const reversed = await mod.reversedAmong(matches.map((m) => m.tableId));
  return DossierSchema.parse({
    player: { id: player.id, name: player.name, kind: player.kind, createdAt: player.createdAt },
    pastNames,
    roles,
    sessions,
    matches: matches.map((m) => ({ ...m, reversed: reversed.has(m.tableId) })),
    ratings: ratings.map((row) => ratingView(row, now)),
    coins: {
      balance,
      transfers: transfers.map((t) => ({ id: t.id, purpose: t.purpose, amount: t.to === account ? t.amount : -t.amount, tableId: t.tableId, at: t.at })),
    },
    standing,
    history,
  });
}

moderation.openapi(
  createRoute({
    method: "get",
    path: "/players",
    summary: "Find players by name: who wears it now, and who wore it before a forced rename",
    description: "Names match regardless of case and surrounding spaces. Needs a moderator (or admin) session.",
    operationId: "adminFindPlayers",
    tags,
    security: STAFF_SECURITY,
    request: { query: z.object({ name: z.string().trim().min(1).max(64).meta({ description: "A name, current or past." }) }) },
    responses: { 200: json(PlayerSearchSchema, "The players (possibly none)"), ...staffProblems },
  }),
  async (c) => {
    const { db } = await auth(c);
    const key = nameKey(c.req.valid("query").name);
    const mod = new ModerationDb(c.env.DB);
    const hits: PlayerHit[] = [];
    const current = await db.playerByName(key);
    if (current?.name) hits.push({ id: current.id, name: current.name, kind: current.kind, matchedBy: "name" });
    for (const id of await mod.playersByPastName(key)) {
      const player = await db.player(id);
      if (player?.name && !hits.some((h) => h.id === id)) hits.push({ id, name: player.name, kind: player.kind, matchedBy: "past-name" });
    }
    return c.json({ players: hits }, 200);
  },
);

moderation.openapi(
  createRoute({
    method: "get",
    path: "/players/{id}",
    summary: "A player's dossier: names, roles, sessions, matches, ratings, coins, standing and moderation history",
    description:
      "Sessions are counted and dated, never shown (no token, no hash). Reports about the player are at the reports' own admin route. " +
      "Needs a moderator (or admin) session.",
    operationId: "adminGetPlayer",
    tags,
    security: STAFF_SECURITY,
    request: { params: PlayerParams },
    responses: { 200: json(DossierSchema, "The dossier"), ...staffProblems, 404: problem("PLAYER_NOT_FOUND (also for a deleted account)") },
  }),
  async (c) => {
    const { db } = await auth(c);
    const player = await db.player(c.req.valid("param").id);
    if (!player || player.kind === "deleted") throw new HttpRefusal("PLAYER_NOT_FOUND", "no player with this id");
    return c.json(await dossierOf(c.env, db, player, Date.now()), 200);
  },
);

moderation.openapi(
  createRoute({
    method: "post",
    path: "/players/{id}/actions",
    summary: "Act on a player: warn, mute, unmute, suspend, unsuspend, ban, unban, rename",
    description:
      "One moderation-log row, stored in the same batch as its effect, then carried to the player's live sockets. " +
      "mute and suspend need `durationSeconds`; rename takes an optional `name` (else a `player-…` name is generated). " +
      "ban and unban need an admin; the rest a moderator. Nobody acts on themselves; only an admin acts on staff. " +
      "Order of checks: session and staff role (401, 403), body (400), the admin role for ban/unban (403), the player (404), on whom (403), then the action's own " +
      "(404 ACTION_NOT_FOUND for an undo with nothing standing; 409 NAME_TAKEN).",
    operationId: "adminActOnPlayer",
    tags,
    security: STAFF_SECURITY,
    request: { params: PlayerParams, ...body(PlayerActionBodySchema) },
    responses: {
      201: json(ActionResultSchema, "The log row and the player's standing after it"),
      ...staffProblems,
      404: problem("PLAYER_NOT_FOUND; ACTION_NOT_FOUND: unmute, unsuspend or unban with no such sanction standing"),
      409: problem("NAME_TAKEN: rename to a name another player has"),
    },
  }),
  async (c) => {
    const staff = await auth(c);
    return c.json(await actOnPlayer(c.env, staff, c.req.valid("param").id, c.req.valid("json")), 201);
  },
);

moderation.openapi(
  createRoute({
    method: "post",
    path: "/players/{id}/roles",
    summary: "Grant or revoke a staff role (admin only)",
    description: "Logged as grant-role / revoke-role. An admin cannot revoke their own admin role. Granting a role already held changes nothing but is logged.",
    operationId: "adminSetRole",
    tags,
    security: STAFF_SECURITY,
    request: { params: PlayerParams, ...body(RoleBodySchema) },
    responses: {
      201: json(ActionResultSchema, "The log row"),
      ...staffProblems,
      404: problem("PLAYER_NOT_FOUND; ACTION_NOT_FOUND: revoking a role the player does not hold"),
    },
  }),
  async (c) => {
    const staff = await auth(c, "admin");
    return c.json(await setRole(c.env, staff, c.req.valid("param").id, c.req.valid("json")), 201);
  },
);

moderation.openapi(
  createRoute({
    method: "post",
    path: "/tables/{id}/close",
    summary: "Close a running table (moderator)",
    description:
      "Logged as close-table, then the table is ended at once with every stake refunded (docs/moderation.md, \"What an action does at once\").",
    operationId: "adminCloseTable",
    tags,
    security: STAFF_SECURITY,
    request: { params: TableParams, ...body(ReasonBodySchema) },
    responses: { 201: json(ActionResultSchema, "The log row"), ...staffProblems, 404: problem("TABLE_NOT_FOUND") },
  }),
  async (c) => {
    const staff = await auth(c);
    return c.json(await closeTable(c.env, staff, c.req.valid("param").id, c.req.valid("json")), 201);
  },
);

moderation.openapi(
  createRoute({
    method: "post",
    path: "/matches/{id}/reverse",
    summary: "Reverse a recorded match's rating and coin effects, as new compensating rows (moderator)",
    description:
      "Each rated seat gets a rating adjustment (rating before − after, one game less); the coins the match moved are moved back by " +
      "`reversal` transfers. The record itself stays. All in one batch with the log row; undone by restore.",
    operationId: "adminReverseMatch",
    tags,
    security: STAFF_SECURITY,
    request: { params: TableParams, ...body(ReasonBodySchema) },
    responses: {
      201: json(ActionResultSchema, "The log row; its detail lists the transfers and adjustments written"),
      ...staffProblems,
      404: problem("MATCH_NOT_FOUND: no recorded match for this table"),
      409: problem("MATCH_REVERSED: it stands reversed already; MATCH_NOT_OVER: its stakes are not settled yet; INSUFFICIENT_COINS: a player who gained coins no longer has them"),
    },
  }),
  async (c) => {
    const staff = await auth(c);
    return c.json(await reverseMatch(c.env, staff, c.req.valid("param").id, c.req.valid("json")), 201);
  },
);

moderation.openapi(
  createRoute({
    method: "post",
    path: "/matches/{id}/restore",
    summary: "Undo a match's standing reversal: its transfers and adjustments again, inverted, as new rows (moderator)",
    operationId: "adminRestoreMatch",
    tags,
    security: STAFF_SECURITY,
    request: { params: TableParams, ...body(ReasonBodySchema) },
    responses: {
      201: json(ActionResultSchema, "The log row (`undoes` is the reversal)"),
      ...staffProblems,
      404: problem("ACTION_NOT_FOUND: the match is not reversed"),
      409: problem("INSUFFICIENT_COINS: a player who got coins back no longer has them"),
    },
  }),
  async (c) => {
    const staff = await auth(c);
    return c.json(await restoreMatch(c.env, staff, c.req.valid("param").id, c.req.valid("json")), 201);
  },
);

moderation.openapi(
  createRoute({
    method: "get",
    path: "/log",
    summary: "The moderation log, newest first, cursor-paged; filter by player and by action",
    operationId: "adminGetLog",
    tags,
    security: STAFF_SECURITY,
    request: {
      query: PageQuerySchema.extend({
        player: PlayerIdSchema.optional().meta({ description: "Only rows about this player." }),
        action: ModerationActionKindSchema.optional().meta({ description: "Only rows of this action." }),
        cursor: z.string().regex(LOG_CURSOR).optional().meta({ description: "`next` of the previous page." }),
      }),
    },
    responses: { 200: json(LogPageSchema, "One page"), ...staffProblems },
  }),
  async (c) => {
    await auth(c);
    const { player, action, cursor, limit } = c.req.valid("query");
    const at = cursor ? LOG_CURSOR.exec(cursor) : null;
    const entries = await new ModerationDb(c.env.DB).page({ playerId: player, action }, at ? { at: Number(at[1]), id: at[2]! } : null, limit);
    const last = entries.at(-1);
    return c.json({ entries, next: entries.length === limit && last ? `${last.at}.${last.id}` : null }, 200);
  },
);

