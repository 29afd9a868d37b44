/**
 * The site's state on a bad day (docs/safety.md): the operator's site-wide switch ("defcon", after bgammon's) and
 * the chat word filter's operator lists. `GET /v1/site` is public so every client can show what is stopped; the
 * bodies that change either are the admin API's.
 */
import * as z from "zod";
import { ReasonCodeSchema } from "./moderation";

/** 0 normal … 4 no new tables at all; each level stops what the one below it stops, and one thing more. */
export const DEFCON_MAX = 4;
export const DefconSchema = z
  .number()
  .int()
  .min(0)
  .max(DEFCON_MAX)
  .meta({
    id: "Defcon",
    description:
      "The site switch: 0 normal; 1 no guest creation; 2 also no guest chat; 3 also no new stake tables or stake seeks; " +
      "4 also no new tables or seeks at all. Joining a table that already waits is never stopped.",
  });

/** What a level stops, in the order the levels add them. */
export const SITE_STOPS = ["guest-creation", "guest-chat", "stake-tables", "new-tables"] as const;
export const SiteStopSchema = z.enum(SITE_STOPS).meta({
  id: "SiteStop",
  description:
    "guest-creation: POST /v1/players; guest-chat: chat lines from guests and seats without a session; stake-tables: creating " +
    "a table or seeking with a stake (and stake rematches); new-tables: creating any table, seeking, rematches.",
});

/** The operator's note shown beside the banner (free text, one language: the operator's). */
export const SITE_MESSAGE_MAX = 280;

export const SiteStateSchema = z
  .object({
    defcon: DefconSchema,
    stops: z.array(SiteStopSchema).meta({ description: "What the level stops now (empty at 0)." }),
    message: z.string().max(SITE_MESSAGE_MAX).meta({ description: "The operator's note for players (may be empty)." }),
    updatedAt: z.number().int().nullable().meta({ description: "When the level was last set (ms since the epoch); null: never." }),
  })
  .meta({ id: "SiteState" });

export const SetSiteBodySchema = z
  .object({
    defcon: DefconSchema,
    message: z.string().trim().max(SITE_MESSAGE_MAX).default(""),
    reason: ReasonCodeSchema,
    note: z.string().max(1000).default("").meta({ description: "Why, for the moderation log (not shown to players)." }),
  })
  .meta({ id: "SetSiteBody" });

/** The languages the operator keeps word lists for (the web client's four). */
export const FILTER_LANGUAGES = ["en", "ru", "ka", "hy"] as const;
export const FilterLanguageSchema = z.enum(FILTER_LANGUAGES).meta({ id: "FilterLanguage" });
export type FilterLanguage = z.infer<typeof FilterLanguageSchema>;

/** Bounds on one operator entry: a word or a phrase of words; `*` at its end matches any ending. */
export const FILTER_WORD_MAX = 64;
export const FILTER_LIST_MAX = 500;

const FilterWordSchema = z.string().trim().min(1).max(FILTER_WORD_MAX);
const FilterWordsSchema = z
  .array(FilterWordSchema)
  .max(FILTER_LIST_MAX)
  .meta({ description: `Words or phrases (at most ${FILTER_LIST_MAX}, each up to ${FILTER_WORD_MAX} characters); a final * matches any ending.` });

export const FilterListsSchema = z
  .object({
    blocked: FilterWordsSchema.meta({ description: "Refused in chat, besides the maintained lists." }),
    allowed: FilterWordsSchema.meta({ description: "Never refused: exceptions to the maintained lists and to `blocked`." }),
  })
  .meta({ id: "FilterLists" });
export type FilterLists = z.infer<typeof FilterListsSchema>;

/** The operator's lists as stored (site_settings key `chat-filter`): one entry per language, each optional. */
export const OperatorFilterSchema = z.object({
  en: FilterListsSchema.optional(),
  ru: FilterListsSchema.optional(),
  ka: FilterListsSchema.optional(),
  hy: FilterListsSchema.optional(),
});
export type OperatorFilter = z.infer<typeof OperatorFilterSchema>;

export const ChatFilterStateSchema = z
  .object({
    languages: z.array(
      z.object({
        language: FilterLanguageSchema,
        maintained: z.number().int().meta({ description: "Entries the maintained list (naughty-words, LDNOOBW) has for it; 0: none exists." }),
        blocked: z.array(z.string()),
        allowed: z.array(z.string()),
      }),
    ),
    updatedAt: z.number().int().nullable(),
    updatedBy: z.string().nullable(),
  })
  .meta({ id: "ChatFilterState" });

export const SetChatFilterBodySchema = z
  .object({
    language: FilterLanguageSchema,
    blocked: FilterWordsSchema,
    allowed: FilterWordsSchema,
    reason: ReasonCodeSchema,
    note: z.string().max(1000).default(""),
  })
  .meta({ id: "SetChatFilterBody", description: "Replaces one language's operator lists (the others stay as they are)." });

export type SiteStop = z.infer<typeof SiteStopSchema>;
export type SiteState = z.infer<typeof SiteStateSchema>;
export type ChatFilterState = z.infer<typeof ChatFilterStateSchema>;
