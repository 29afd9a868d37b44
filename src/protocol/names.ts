/**
 * Display names. A name is shown to the opponent, spectators and the lobby, so it must read as what it is:
 * names with characters that hide or reorder text are refused (BAD_NAME), not silently cleaned, so the player
 * sees exactly the name others will see; names that pass for a bot's are refused (NAME_RESERVED), because only
 * the server seats bots. Either refusal is a zod issue carrying its code in `params.code`.
 */
import * as z from "zod";
import type { ProtocolErrorCode } from "./errors";
import { BotLevelSchema } from "./views";

export const MAX_NAME_LENGTH = 32;

/** The name the server gives a bot seat. */
export function botName(level: string): string {
  return `Bot (${level})`;
}

/**
 * Control characters (C0, C1), format characters (bidi embeddings, overrides and isolates, LRM/RLM, zero-width
 * space/joiners, word joiner, BOM, soft hyphen, …), surrogates, private use, line/paragraph separators, and the
 * Hangul fillers that render as nothing.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

/** Look-alikes folded before comparing with bot names (after NFKC and lower case); the chat filter folds with them too. */
export const LOOK_ALIKES: Record<string, string> = { "0": "o", "о": "o", "ο": "o", "ᴏ": "o", "в": "b", "β": "b", "ь": "b", "т": "t", "τ": "t", "7": "t" };

/** `name` folded to the letters and digits a reader compares: "B0T (Expert)" → "botexpert". */
function skeleton(name: string): string {
  let out = "";
  for (const ch of name.normalize("NFKC").toLowerCase()) {
    const folded = LOOK_ALIKES[ch] ?? ch;
    if (/[\p{L}\p{N}]/u.test(folded)) out += folded;
  }
  return out;
}

/** "bot" and every bot seat's name, folded. */
const BOT_SKELETONS = new Set(["bot", ...BotLevelSchema.options.map((level) => skeleton(botName(level)))]);

/** The refusal code for a display name (already trimmed), or null when it is fine. */
export function nameProblem(name: string): Extract<ProtocolErrorCode, "BAD_NAME" | "NAME_RESERVED"> | null {
  if (HIDDEN.test(name)) return "BAD_NAME";
  if (BOT_SKELETONS.has(skeleton(name))) return "NAME_RESERVED";
  return null;
}

const NAME_MESSAGES = {
  BAD_NAME: "a name may not contain control, bidi-override or invisible characters",
  NAME_RESERVED: "this name passes for a bot's; bots are seated by the server",
} as const;

export const PlayerNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NAME_LENGTH)
  .superRefine((name, ctx) => {
    const code = nameProblem(name);
    if (code) ctx.addIssue({ code: "custom", message: NAME_MESSAGES[code], params: { code } });
  });
