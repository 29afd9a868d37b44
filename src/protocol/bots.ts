/**
 * Bot accounts and API tokens (docs/bots.md, "Bot accounts"): a member turns their account into a bot account
 * (never back) and makes API tokens for the program that plays it. A token is sent like a session token
 * (`Authorization: Bearer <token>`, or the `token.<token>` socket subprotocol) and opens only what its scopes cover.
 */
import * as z from "zod";

/** Every API token starts with this, so a reader (and a secret scanner) can tell one from a session token. */
export const API_TOKEN_PREFIX = "nardi_bot_";

/**
 * `play`: tables (create, join, seats), quick match, the player channel; `challenge`: send, accept, decline and
 * cancel challenges. Reads (`GET`) need a token with any scope.
 */
export const TokenScopeSchema = z.enum(["play", "challenge"]).meta({ id: "TokenScope" });
export type TokenScope = z.infer<typeof TokenScopeSchema>;

export const TOKEN_LIMITS = {
  /** Live (not revoked) tokens one player may hold. */
  maxTokens: 10,
  maxLabel: 60,
} as const;

export const NewTokenBodySchema = z
  .object({
    label: z.string().trim().min(1).max(TOKEN_LIMITS.maxLabel).meta({ description: "The owner's name for the token (shown in the list)." }),
    scopes: z
      .array(TokenScopeSchema)
      .min(1)
      .max(2)
      .refine((s) => new Set(s).size === s.length, "each scope once")
      .meta({ description: "What the token may do (docs/bots.md, Scopes)." }),
  })
  .strict()
  .meta({ id: "NewTokenBody" });

export const ApiTokenSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    scopes: z.array(TokenScopeSchema),
    createdAt: z.number().int(),
    lastUsedAt: z.number().int().nullable().meta({ description: "When it last opened a request (to the minute); null if never." }),
    revokedAt: z.number().int().nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const IssuedTokenSchema = ApiTokenSchema.extend({
  token: z.string().meta({ description: `Secret, shown only in this answer: starts with \`${API_TOKEN_PREFIX}\`. Send as \`Authorization: Bearer <token>\`.` }),
}).meta({ id: "IssuedToken" });
export type IssuedToken = z.infer<typeof IssuedTokenSchema>;

export const TokenListSchema = z.object({ tokens: z.array(ApiTokenSchema).meta({ description: "Oldest first, revoked ones included; never a secret." }) }).meta({ id: "TokenList" });
