/**
 * `/v1/admin/site` and `/v1/admin/chat-filter`: the site switch and the word filter's operator lists
 * (docs/safety.md). Admins only. The staff check runs before the body is read, so an anonymous caller is 401 and
 * a player or moderator 403 whatever they send, and nothing changes. Each change is one D1 batch: the setting and
 * its moderation_log row (action `defcon` or `chat-filter`).
 */
import { OpenAPIHono, createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import {
  ChatFilterStateSchema,
  FILTER_LANGUAGES,
  SetChatFilterBodySchema,
  SetSiteBodySchema,
  SiteStateSchema,
  type ChatFilterState,
  type FilterLists,
  type OperatorFilter,
} from "../../protocol";
import { CHAT_FILTER_KEY, DEFCON_KEY, changeSetting, setting } from "../db/site";
import type { Env } from "../env";
import { MAINTAINED, isMatchable, parseOperatorFilter } from "../moderation/chat-filter";
import { parseSwitch, readSwitch, siteState } from "../moderation/site-switch";
import { json, problem } from "../openapi";
import { HttpRefusal } from "../problem";
import { STAFF_SECURITY, requireStaff, type Staff } from "./auth";

type Site = { Bindings: Env; Variables: { staff: Staff } };

export const site = new OpenAPIHono<Site>();

/** Admins only, checked before any validator reads the request. */
const adminOnly = createMiddleware<Site>(async (c, next) => {
  c.set("staff", await requireStaff(c.env, c.req.header("authorization"), "admin"));
  await next();
});

const refusals = {
  401: problem("UNAUTHORIZED: no session, or one that has ended"),
  403: problem("FORBIDDEN: the session's player is not an admin"),
};
const body = <T extends typeof SetSiteBodySchema | typeof SetChatFilterBodySchema>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

site.openapi(
  createRoute({
    method: "get",
    path: "/site",
    summary: "The site switch (defcon) as it stands",
    operationId: "adminGetSite",
    tags: ["admin"],
    security: STAFF_SECURITY,
    middleware: [adminOnly] as const,
    responses: { 200: json(SiteStateSchema, "The level, what it stops, the players' note"), ...refusals },
  }),
  async (c) => c.json(siteState(await readSwitch(c.env.DB)), 200),
);

site.openapi(
  createRoute({
    method: "put",
    path: "/site",
    summary: "Set the site switch (defcon): applies to the next request everywhere",
    description:
      "Levels: 0 normal; 1 no guest creation; 2 also no guest chat; 3 also no new stake tables or stake seeks; 4 also no new " +
      "tables or seeks at all (joining a waiting table stays open). Refusals are 503 SITE_RESTRICTED. Logged as a `defcon` " +
      "moderation_log row with the level before and after. Setting the level it already has is logged too.",
    operationId: "adminSetSite",
    tags: ["admin"],
    security: STAFF_SECURITY,
    middleware: [adminOnly] as const,
    request: body(SetSiteBodySchema),
    responses: {
      200: json(SiteStateSchema, "The switch as now set"),
      400: problem("BAD_REQUEST (a level outside 0–4, a message over 280 characters, a reason not in ReasonCode) or BAD_JSON"),
      ...refusals,
      413: problem("MESSAGE_TOO_LARGE"),
    },
  }),
  async (c) => {
    const { defcon, message, reason, note } = c.req.valid("json");
    const staff = c.get("staff");
    const before = await readSwitch(c.env.DB);
    const { updatedAt } = await changeSetting(c.env.DB, {
      key: DEFCON_KEY,
      value: JSON.stringify({ level: defcon, message }),
      at: Date.now(),
      actorId: staff.player.id,
      action: "defcon",
      reason,
      note,
      detail: { from: before.level, to: defcon, message },
    });
    return c.json(siteState(parseSwitch(JSON.stringify({ level: defcon, message }), updatedAt)), 200);
  },
);

async function filterState(d1: D1Database): Promise<ChatFilterState> {
  const row = await setting(d1, CHAT_FILTER_KEY);
  const operator = parseOperatorFilter(row?.value ?? null);
  return {
    languages: FILTER_LANGUAGES.map((language) => ({
      language,
      maintained: MAINTAINED[language].length,
      blocked: operator[language]?.blocked ?? [],
      allowed: operator[language]?.allowed ?? [],
    })),
    updatedAt: row?.updatedAt ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** Each entry once, in the order given (the first spelling kept). */
function distinct(words: readonly string[]): string[] {
  return [...new Set(words)];
}

const minus = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x));

site.openapi(
  createRoute({
    method: "get",
    path: "/chat-filter",
    summary: "The chat word filter: per language, the maintained list's size and the operator's words and exceptions",
    operationId: "adminGetChatFilter",
    tags: ["admin"],
    security: STAFF_SECURITY,
    middleware: [adminOnly] as const,
    responses: { 200: json(ChatFilterStateSchema, "The operator's lists"), ...refusals },
  }),
  async (c) => c.json(await filterState(c.env.DB), 200),
);

site.openapi(
  createRoute({
    method: "put",
    path: "/chat-filter",
    summary: "Replace one language's operator words and exceptions",
    description:
      "`blocked`: refused in chat besides the maintained list (naughty-words: en and ru; none exists for ka or hy). `allowed`: " +
      "never refused (exceptions to both). A final `*` matches any ending. Every line is checked against every language's " +
      "words. Applies from the next chat line at every table (docs/safety.md). Logged as a `chat-filter` moderation_log row " +
      "naming the words added and removed. The body is at most 4 KB: one language per request.",
    operationId: "adminSetChatFilter",
    tags: ["admin"],
    security: STAFF_SECURITY,
    middleware: [adminOnly] as const,
    request: body(SetChatFilterBodySchema),
    responses: {
      200: json(ChatFilterStateSchema, "The lists as now stored"),
      400: problem("BAD_REQUEST: an entry that is empty or only punctuation once folded, too long, or too many; BAD_JSON"),
      ...refusals,
      413: problem("MESSAGE_TOO_LARGE: over 4 KB"),
    },
  }),
  async (c) => {
    const { language, reason, note, ...lists } = c.req.valid("json");
    const next: FilterLists = { blocked: distinct(lists.blocked), allowed: distinct(lists.allowed) };
    const unmatchable = [...next.blocked, ...next.allowed].find((word) => !isMatchable(word));
    if (unmatchable !== undefined) throw new HttpRefusal("BAD_REQUEST", `"${unmatchable}" has no letters or digits to match`);
    const staff = c.get("staff");
    const row = await setting(c.env.DB, CHAT_FILTER_KEY);
    const operator: OperatorFilter = parseOperatorFilter(row?.value ?? null);
    const before = operator[language] ?? { blocked: [], allowed: [] };
    // Only this language's member is replaced in D1, so a concurrent change of another language stays; the log's
    // added/removed are against the lists as read just before.
    await changeSetting(c.env.DB, {
      key: CHAT_FILTER_KEY,
      value: JSON.stringify({ ...operator, [language]: next }),
      member: { path: `$.${language}`, json: JSON.stringify(next) },
      at: Date.now(),
      actorId: staff.player.id,
      action: "chat-filter",
      reason,
      note,
      detail: {
        language,
        added: { blocked: minus(next.blocked, before.blocked), allowed: minus(next.allowed, before.allowed) },
        removed: { blocked: minus(before.blocked, next.blocked), allowed: minus(before.allowed, next.allowed) },
      },
    });
    return c.json(await filterState(c.env.DB), 200);
  },
);
