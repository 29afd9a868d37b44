/**
 * `/v1/coins`: the session player's Domino Coin balance and transfer history (docs/coins.md). Reading the
 * balance first gives any grant due (the starting grant, the daily top-up), as joining a stake table does.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { CoinBalanceSchema, PageQuerySchema, TRANSFER_CURSOR, TransferPageSchema, type Transfer } from "../../protocol";
import { coinSettings } from "../coins/settings";
import { Db, Ledger, playerAccount, type TransferRow } from "../db";
import type { Env } from "../env";
import { cachedRead, requireSession } from "../identity/sessions";
import { json, problem } from "../openapi";

export const coins = new OpenAPIHono<{ Bindings: Env }>();

const security = [{ session: [] }];

async function sessionLedger(env: Env, authorization: string | undefined) {
  const { player } = await requireSession(new Db(env.DB), authorization, cachedRead(env));
  const ledger = new Ledger(env.DB);
  const settings = coinSettings(env);
  await ledger.refresh(player.id, settings, Date.now());
  return { player, ledger, settings, account: playerAccount(player.id) };
}

/** A transfer as the player sees it: signed, positive when the coins came to them. */
function transferView(row: TransferRow, account: string): Transfer {
  return { id: row.id, purpose: row.purpose, amount: row.to === account ? row.amount : -row.amount, tableId: row.tableId, at: row.at };
}

coins.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "The session player's coin balance and the operator's coin settings",
    description: "Gives any grant that is due first: the starting grant once, the daily top-up once per UTC day while the balance is below `topUpBelow`.",
    operationId: "getCoins",
    tags: ["coins"],
    security,
    responses: { 200: json(CoinBalanceSchema, "The balance"), 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") },
  }),
  async (c) => {
    const { player, ledger, settings, account } = await sessionLedger(c.env, c.req.header("authorization"));
    return c.json({ playerId: player.id, balance: await ledger.balance(account), settings }, 200);
  },
);

coins.openapi(
  createRoute({
    method: "get",
    path: "/transfers",
    summary: "The session player's coin transfers, newest first, cursor-paged",
    operationId: "getCoinTransfers",
    tags: ["coins"],
    security,
    request: {
      query: PageQuerySchema.extend({ cursor: z.string().regex(TRANSFER_CURSOR).optional().meta({ description: "`next` of the previous page." }) }),
    },
    responses: {
      200: json(TransferPageSchema, "One page"),
      400: problem("BAD_REQUEST"),
      401: problem("UNAUTHORIZED: no, a malformed, or an ended session"),
    },
  }),
  async (c) => {
    const { ledger, account } = await sessionLedger(c.env, c.req.header("authorization"));
    const { limit, cursor } = c.req.valid("query");
    const at = cursor ? TRANSFER_CURSOR.exec(cursor) : null;
    const rows = await ledger.transfersOf(account, at ? { at: Number(at[1]), id: at[2]! } : null, limit);
    const last = rows.at(-1);
    return c.json({ transfers: rows.map((row) => transferView(row, account)), next: rows.length === limit && last ? `${last.at}.${last.id}` : null }, 200);
  },
);
