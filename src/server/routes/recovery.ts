/**
 * Recovery codes (docs/players.md#recovery-codes): reset a forgotten password with the one-time code, see whether
 * a code is set, and ask for a new one. Wrong codes and passwords count against the sign-in limit.
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import {
  IssuedRecoveryCodeSchema,
  NewRecoveryCodeBodySchema,
  RecoveryBodySchema,
  RecoveryCodeStateSchema,
  RecoveryGrantSchema,
} from "../../protocol";
import { Db } from "../db";
import { ModerationDb } from "../db/moderation";
import type { Env } from "../env";
import { nameKey } from "../identity/names";
import { verifyPassword } from "../identity/password";
import { profileOf } from "../identity/profile";
import { codeState, freshCode, recover } from "../identity/recovery";
import { requireSession } from "../identity/sessions";
import { limitSignIn } from "../identity/signin-limit";
import { sha256Hex } from "../ids";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";

export const recovery = new OpenAPIHono<{ Bindings: Env }>();

const security = [{ session: [] }];
const unauthorized = { 401: problem("UNAUTHORIZED: no, a malformed, or an ended session") };
const body = <T extends Parameters<typeof json>[0]>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

async function refuseBanned(env: Env, playerId: string): Promise<void> {
  if ((await new ModerationDb(env.DB).sanctions(playerId)).banned) throw new HttpRefusal("BANNED", "this player is banned");
}

recovery.openapi(
  createRoute({
    method: "post",
    path: "/recovery",
    summary: "Reset a forgotten password with the recovery code: a fresh session, every other one ended, and a new code",
    description:
      "Checked in this order: the body; the sign-in limit (every attempt counts, per client address and per name: 429 RATE_LIMITED); " +
      "the code (a wrong one, an unknown name, a guest's name or a member without a code: 401 BAD_RECOVERY_CODE, one answer for " +
      "all; the code that last reset this member's password: 409 RECOVERY_CODE_USED); a banned member: 403 BANNED. Any refusal " +
      "changes nothing. On success the password is the new one, the code is burned, every session of the player ends, and the " +
      "answer carries a new session and the next recovery code (shown once).",
    operationId: "recoverAccount",
    tags: ["players"],
    request: body(RecoveryBodySchema),
    responses: {
      200: json(RecoveryGrantSchema, "The new session and the next recovery code"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      401: problem("BAD_RECOVERY_CODE"),
      403: problem("BANNED: the right code of a banned player"),
      409: problem("RECOVERY_CODE_USED: this code already reset the password once"),
      429: problem("RATE_LIMITED: the sign-in limit"),
    },
  }),
  async (c) => {
    const { name, code, newPassword } = c.req.valid("json");
    await limitSignIn(c.env, c.req.raw, name);
    const db = new Db(c.env.DB);
    const done = await recover(db, c.env.DB, { nameKey: nameKey(name), code, newPassword }, (player) => refuseBanned(c.env, player.id));
    // A ban landing during the reset (its batch ends every session) must not leave the new one open.
    if ((await new ModerationDb(c.env.DB).sanctions(done.player.id)).banned) {
      await db.deleteSession(await sha256Hex(done.token));
      throw new HttpRefusal("BANNED", "this player is banned");
    }
    return c.json({ token: done.token, player: await profileOf(db, done.player, Date.now()), recoveryCode: done.recoveryCode }, 200);
  },
);

recovery.openapi(
  createRoute({
    method: "get",
    path: "/me/recovery-code",
    summary: "Whether the session's player has a working recovery code (never the code itself)",
    operationId: "getRecoveryCodeState",
    tags: ["players"],
    security,
    responses: { 200: json(RecoveryCodeStateSchema, "Set or not, and since when"), ...unauthorized },
  }),
  async (c) => {
    const { player } = await requireSession(new Db(c.env.DB), c.req.header("authorization"));
    return c.json(await codeState(c.env.DB, player.id), 200);
  },
);

recovery.openapi(
  createRoute({
    method: "post",
    path: "/me/recovery-code",
    summary: "A new recovery code for the session's member, after the password is checked again; the old code stops working",
    description:
      "Checked in this order: the body; the session (401 UNAUTHORIZED); a guest (403 CLAIM_REQUIRED: claim a name, which gives the " +
      "first code); the sign-in limit (429 RATE_LIMITED, counted per address and per the member's name); the password " +
      "(401 BAD_CREDENTIALS). The answer shows the new code once.",
    operationId: "newRecoveryCode",
    tags: ["players"],
    security,
    request: body(NewRecoveryCodeBodySchema),
    responses: {
      200: json(IssuedRecoveryCodeSchema, "The new code"),
      400: problem("BAD_REQUEST or BAD_JSON"),
      401: problem("UNAUTHORIZED, or BAD_CREDENTIALS: the password is wrong"),
      403: problem("CLAIM_REQUIRED: a guest has no password to check; claiming a name gives the first code"),
      429: problem("RATE_LIMITED: the sign-in limit"),
    },
  }),
  async (c) => {
    const { password } = c.req.valid("json");
    const { player } = await requireSession(new Db(c.env.DB), c.req.header("authorization"));
    if (player.kind !== "member" || player.name === null) throw new HttpRefusal("CLAIM_REQUIRED", "claim a name first: the claim gives the first recovery code");
    await limitSignIn(c.env, c.req.raw, player.name);
    if (!(await verifyPassword(password, player.password))) throw new HttpRefusal("BAD_CREDENTIALS", "the password is wrong");
    const now = Date.now();
    const { code, statement } = await freshCode(c.env.DB, player.id, now);
    await statement.run();
    return c.json({ recoveryCode: code, issuedAt: now }, 200);
  },
);
