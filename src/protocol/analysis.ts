/**
 * A finished match's analysis (docs/analysis.md): `GET /v1/matches/{id}/analysis` and `npm run analyse`. Every
 * decision of both players judged by the bots' evaluator, marked with gnubg's thresholds, and summed up per player.
 * Equities are normalized (money-game equivalent, gnubg's "EMG": a single game's loss is −1), so a loss of 0.06 reads
 * the same at every score and cube.
 */
import * as z from "zod";
import { SideSchema } from "./views";

/** The version of the analysis: raised when the evaluator or the rules of counting change (a stored one stays as it was). */
export const ANALYSIS_VERSION = 1;

/** gnubg's thresholds (normalized equity lost) for a decision's mark, and its luck thresholds (normalized equity). */
export const MARK_THRESHOLDS = { doubtful: 0.03, bad: 0.06, veryBad: 0.12 } as const;
export const LUCK_THRESHOLDS = { lucky: 0.3, veryLucky: 0.6 } as const;

/**
 * The PR (XG's scale: 500 × the mean normalized loss per counted decision) below which each word applies: the bands
 * eXtreme Gammon's players quote (world class under 5, expert under 7.5, advanced under 12.5, intermediate under 17.5,
 * casual under 22.5).
 */
export const PR_WORDS = [
  { word: "world-class", upTo: 5 },
  { word: "expert", upTo: 7.5 },
  { word: "advanced", upTo: 12.5 },
  { word: "intermediate", upTo: 17.5 },
  { word: "casual", upTo: 22.5 },
  { word: "beginner", upTo: Infinity },
] as const;

export const MarkSchema = z.enum(["doubtful", "bad", "very-bad"]).meta({ id: "AnalysisMark" });
export const LuckMarkSchema = z.enum(["very-lucky", "lucky", "unlucky", "very-unlucky"]).meta({ id: "LuckMark" });
export const PrWordSchema = z.enum(PR_WORDS.map((w) => w.word) as [string, ...string[]]).meta({ id: "PrWord" });

/** The five chances of a hand's end from the point of view of the side to act (net.ts's outputs). */
export const ChancesSchema = z
  .object({
    win: z.number(),
    winMars: z.number().meta({ description: "Wins a mars (gammon) or better." }),
    winKoks: z.number().meta({ description: "Wins a koks (backgammon); 0 where the ruleset has no koks." }),
    loseMars: z.number(),
    loseKoks: z.number(),
  })
  .meta({ id: "Chances" });

export const CandidateSchema = z
  .object({
    play: z.string().meta({ description: "The play in the table's notation (docs/protocol.md), the mover's own numbering." }),
    equity: z.number().meta({ description: "Normalized equity for the mover after the play." }),
  })
  .meta({ id: "Candidate" });

export const CheckerDecisionSchema = z
  .object({
    kind: z.literal("play"),
    dice: z.tuple([z.number().int(), z.number().int()]),
    played: CandidateSchema,
    best: z.array(CandidateSchema).meta({ description: "The best plays, best first (at most 5); the played one may be among them." }),
  })
  .meta({ id: "CheckerDecision" });

export const CubeActionSchema = z.enum(["no-double", "double", "take", "drop"]);

export const CubeDecisionSchema = z
  .object({
    kind: z.literal("cube"),
    action: CubeActionSchema.meta({ description: "What the player did: `no-double`/`double` on roll, `take`/`drop` when doubled." }),
    right: CubeActionSchema.meta({ description: "What the evaluation prefers at this decision." }),
    noDouble: z.number().meta({ description: "Normalized equity for the doubler's side without a double." }),
    doubleTake: z.number(),
    doubleDrop: z.number(),
  })
  .meta({ id: "CubeDecision" });

export const DecisionSchema = z
  .object({
    seq: z.number().int().meta({ description: "The event's seq in the match's log (the replay viewer's position)." }),
    hand: z.number().int(),
    side: SideSchema,
    decision: z.discriminatedUnion("kind", [CheckerDecisionSchema, CubeDecisionSchema]),
    loss: z.number().meta({ description: "Normalized equity lost against the best choice (0 for the best)." }),
    mark: MarkSchema.nullable(),
    counted: z
      .boolean()
      .meta({ description: "Counted in the player's figures: false for forced plays and decisions with one sensible option." }),
    chances: ChancesSchema.meta({ description: "The position's chances for `side` before the decision." }),
    luck: z
      .object({ value: z.number(), mark: LuckMarkSchema.nullable() })
      .nullable()
      .meta({ description: "Of the roll this play used: its equity against the average over all 21 rolls; null on cube decisions and the opening roll's first play." }),
  })
  .meta({ id: "Decision" });

export const PlayerAnalysisSchema = z
  .object({
    decisions: z.number().int().meta({ description: "Counted decisions (checker plays and cube decisions)." }),
    checkerDecisions: z.number().int(),
    cubeDecisions: z.number().int(),
    errorRate: z.number().meta({ description: "Milli-equity (normalized) lost per counted decision." }),
    checkerErrorRate: z.number(),
    cubeErrorRate: z.number(),
    pr: z.number().meta({ description: "500 × the mean normalized loss per counted decision (XG's scale)." }),
    prWord: PrWordSchema,
    marks: z.object({ doubtful: z.number().int(), bad: z.number().int(), veryBad: z.number().int() }),
    luck: z.number().meta({ description: "Sum of the luck of the player's rolls (normalized equity)." }),
    luckAdjusted: z
      .number()
      .meta({ description: "The player's points won minus lost in the match, less the luck total (a rough skill-only result)." }),
  })
  .meta({ id: "PlayerAnalysis" });

export const AnalysisSchema = z
  .object({
    status: z.literal("ready"),
    tableId: z.string().nullable(),
    version: z.number().int(),
    variant: z.enum(["long", "short"]),
    depth: z.object({
      checker: z.string().meta({ description: "e.g. `1-ply over the top 5 at 0-ply`" }),
      cube: z.string(),
    }),
    players: z.object({ white: PlayerAnalysisSchema, black: PlayerAnalysisSchema }),
    decisions: z.array(DecisionSchema),
  })
  .meta({ id: "Analysis" });

export const AnalysisPendingSchema = z
  .object({ status: z.literal("pending"), tableId: z.string() })
  .meta({ id: "AnalysisPending", description: "The match is recorded; its analysis is queued or running. Ask again in a few seconds." });

export type Mark = z.infer<typeof MarkSchema>;
export type LuckMark = z.infer<typeof LuckMarkSchema>;
export type PrWord = (typeof PR_WORDS)[number]["word"];
export type Chances = z.infer<typeof ChancesSchema>;
export type Candidate = z.infer<typeof CandidateSchema>;
export type CheckerDecision = z.infer<typeof CheckerDecisionSchema>;
export type CubeDecision = z.infer<typeof CubeDecisionSchema>;
export type Decision = z.infer<typeof DecisionSchema>;
export type PlayerAnalysis = z.infer<typeof PlayerAnalysisSchema>;
export type Analysis = z.infer<typeof AnalysisSchema>;
export type AnalysisPending = z.infer<typeof AnalysisPendingSchema>;

/** The mark of a normalized loss. */
export function markOf(loss: number): Mark | null {
  if (loss >= MARK_THRESHOLDS.veryBad) return "very-bad";
  if (loss >= MARK_THRESHOLDS.bad) return "bad";
  if (loss >= MARK_THRESHOLDS.doubtful) return "doubtful";
  return null;
}

/** The mark of a roll's luck. */
export function luckMarkOf(luck: number): LuckMark | null {
  if (luck >= LUCK_THRESHOLDS.veryLucky) return "very-lucky";
  if (luck >= LUCK_THRESHOLDS.lucky) return "lucky";
  if (luck <= -LUCK_THRESHOLDS.veryLucky) return "very-unlucky";
  if (luck <= -LUCK_THRESHOLDS.lucky) return "unlucky";
  return null;
}

/** The word of a PR. */
export function prWordOf(pr: number): PrWord {
  return PR_WORDS.find((w) => pr < w.upTo)!.word;
}
