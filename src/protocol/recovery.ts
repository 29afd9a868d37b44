/**
 * Recovery codes (docs/players.md#recovery-codes): there is no email, so a member gets a one-time code when they
 * claim a name, shown once and kept by the server only as a hash. The code resets the password once; the reset
 * answers with a new code.
 */
import * as z from "zod";
import { ClaimedNameSchema, PasswordSchema, PlayerProfileSchema, SessionGrantSchema } from "./players";

/** 16 characters from the guest names' alphabet (80 random bits), written in four groups of four. */
export const RECOVERY_CODE = { alphabet: "abcdefghijkmnpqrstuvwxyz23456789", length: 16, group: 4 } as const;

/** What a player types: case, spaces and dashes do not matter (`ABCD-efgh jkmn-pqrs`). */
export function normalRecoveryCode(text: string): string {
  return text.toLowerCase().replace(/[\s-]+/g, "");
}

export const RecoveryCodeSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9\s-]+$/, "letters, digits, spaces and - only")
  .meta({ description: "The recovery code as written down; case, spaces and dashes are ignored." });

const IssuedCode = z.string().meta({ description: "Secret: the new one-time recovery code (`xxxx-xxxx-xxxx-xxxx`). Shown once; the server keeps only its hash." });

/** `POST /v1/me/claim`'s answer: the new member, and their first recovery code. */
export const ClaimedProfileSchema = PlayerProfileSchema.extend({ recoveryCode: IssuedCode }).meta({ id: "ClaimedProfile" });

/**
 * The claim's answer as a client reads it from any server: one of the release before recovery codes (a rolling
 * deploy, a host that upgrades later) answers the bare `PlayerProfile`, so `recoveryCode` may be absent.
 */
export const ClaimAnswerSchema = PlayerProfileSchema.extend({ recoveryCode: IssuedCode.optional() });

export const RecoveryBodySchema = z
  .object({ name: ClaimedNameSchema, code: RecoveryCodeSchema, newPassword: PasswordSchema })
  .strict()
  .meta({ id: "RecoveryBody" });

/** `POST /v1/recovery`'s answer: a fresh session (every other one has ended) and the next recovery code. */
export const RecoveryGrantSchema = SessionGrantSchema.extend({ recoveryCode: IssuedCode }).meta({ id: "RecoveryGrant" });

export const RecoveryCodeStateSchema = z
  .object({
    set: z.boolean().meta({ description: "Whether the player has a recovery code that still works (never the code itself)." }),
    issuedAt: z.number().int().nullable().meta({ description: "When it was issued (ms since the epoch); null when none is set." }),
  })
  .meta({ id: "RecoveryCodeState" });

export const NewRecoveryCodeBodySchema = z.object({ password: PasswordSchema }).strict().meta({ id: "NewRecoveryCodeBody" });

export const IssuedRecoveryCodeSchema = z.object({ recoveryCode: IssuedCode, issuedAt: z.number().int() }).meta({ id: "IssuedRecoveryCode" });

export type ClaimedProfile = z.infer<typeof ClaimedProfileSchema>;
export type ClaimAnswer = z.infer<typeof ClaimAnswerSchema>;
export type RecoveryBody = z.infer<typeof RecoveryBodySchema>;
export type RecoveryGrant = z.infer<typeof RecoveryGrantSchema>;
export type RecoveryCodeState = z.infer<typeof RecoveryCodeStateSchema>;
export type IssuedRecoveryCode = z.infer<typeof IssuedRecoveryCodeSchema>;
