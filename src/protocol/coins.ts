/** Domino Coins on the wire: a table's stake, a player's balance and transfer history (docs/coins.md). */
import * as z from "zod";

/** A stake: whole coins each seat puts into the table's escrow when the match starts. */
export const StakeAmountSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const StakeViewSchema = z
  .object({
    amount: StakeAmountSchema.meta({ description: "Coins each player puts in." }),
    /** Fixed when the table is created (the operator's COIN_RAKE_PERCENT at that time). */
    rakePercent: z.number().int().min(0).max(100),
    pot: z.number().int().meta({ description: "Coins in the escrow once the match has started: 2 × amount." }),
    payout: z.number().int().meta({ description: "What the winner receives: pot less the rake (pot × rakePercent / 100, rounded down)." }),
  })
  .meta({ id: "StakeView" });

export const TransferPurposeSchema = z
  .enum(["grant", "top-up", "hold", "payout", "rake", "refund", "reversal", "restore"])
  .meta({
    id: "TransferPurpose",
    description:
      "grant/top-up: from the house; hold: into a table's escrow; payout/refund: out of it; rake: escrow → house; " +
      "reversal: a moderator reversed the match's coin effects (docs/moderation.md); restore: that reversal undone.",
  });

export const TransferSchema = z
  .object({
    id: z.string().meta({ description: "Derived from the cause (e.g. `<table>:<seat>:<player>:hold`): one transfer per cause, ever." }),
    purpose: TransferPurposeSchema,
    amount: z.number().int().meta({ description: "Signed for this player: positive in, negative out." }),
    tableId: z.string().nullable(),
    at: z.number().int(),
  })
  .meta({ id: "Transfer" });

export const CoinSettingsSchema = z
  .object({
    startGrant: z.number().int(),
    topUpBelow: z.number().int(),
    topUp: z.number().int(),
    minStake: z.number().int(),
    maxStake: z.number().int(),
    rakePercent: z.number().int(),
  })
  .meta({ id: "CoinSettings" });

export const CoinBalanceSchema = z
  .object({
    playerId: z.string(),
    balance: z.number().int().meta({ description: "Coins the player can stake now (held stakes are not in it)." }),
    settings: CoinSettingsSchema,
  })
  .meta({ id: "CoinBalance" });

export const TransferPageSchema = z
  .object({
    transfers: z.array(TransferSchema),
    next: z.string().nullable().meta({ description: "Pass as `cursor` for the next (older) page; null on the last page." }),
  })
  .meta({ id: "TransferPage" });

/** A transfer-history cursor: `<at>.<transfer id>` of the last transfer of the previous page. */
export const TRANSFER_CURSOR = /^(\d{1,15})\.([A-Za-z0-9_:.-]{1,200})$/;

export type StakeView = z.infer<typeof StakeViewSchema>;
export type Transfer = z.infer<typeof TransferSchema>;
export type CoinBalance = z.infer<typeof CoinBalanceSchema>;
export type TransferPage = z.infer<typeof TransferPageSchema>;
export type CoinSettingsView = z.infer<typeof CoinSettingsSchema>;
