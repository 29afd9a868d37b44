/**
 * The Worker's HTTP app: `/v1` routes (validated with the protocol's zod schemas, described by the OpenAPI 3.1
 * document at /v1/openapi.json), problem+json errors from one `onError` and one validation hook, and the web
 * client's static files for everything else.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import * as z from "zod";
import { LIMITS, isErrorCode, type ErrorCode } from "../protocol";
import type { Env } from "./env";
import { requestLog } from "./log";
import { emit } from "./metrics/analytics";
import { countError } from "./metrics/errors";
import { health } from "./metrics/health";
import { DOCUMENT } from "./openapi";
import { HttpRefusal, problemResponse } from "./problem";
import { admin } from "./admin";
import { analysis } from "./routes/analysis";
import { channel } from "./routes/channel";
import { dice } from "./routes/dice";
import { players } from "./routes/players";
import { recovery } from "./routes/recovery";
import { fairplay } from "./routes/fairplay";
import { lobby } from "./routes/lobby";
import { seek } from "./routes/seek";
import { standing } from "./routes/standing";
import { coins } from "./routes/coins";
import { record } from "./routes/record";
import { reports } from "./routes/reports";
import { site } from "./routes/site";
import { social } from "./routes/social";
import { tables } from "./routes/tables";
import { tokens } from "./routes/tokens";
import { tokenScopes } from "./identity/tokens";

/** The code a failed schema check is answered with: BAD_REQUEST, unless the schema named a finer one (BAD_NAME, …). */
function issueCode(issue: z.core.$ZodIssue | undefined): ErrorCode {
  const named = issue?.code === "custom" ? issue.params?.code : undefined;
  return isErrorCode(named) ? named : "BAD_REQUEST";
}

const API_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

export function createApp() {
  const app = new OpenAPIHono<{ Bindings: Env }>({
    defaultHook: (result) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${result.target} ${issue.path.join(".")}: ` : `${result.target}: `;
      return problemResponse(issueCode(issue), `${where}${issue?.message ?? "invalid"}`);
    },
  });

  app.onError((error, c) => {
    if (error instanceof HttpRefusal) return problemResponse(error.code, error.message, error.status, error.headers);
    if (error instanceof HTTPException) {
      if (error.status === 413) return problemResponse("MESSAGE_TOO_LARGE", `bodies may have at most ${LIMITS.maxMessageBytes} bytes`);
      if (error.status === 415) return problemResponse("BAD_REQUEST", "a body must be JSON, sent with content-type: application/json", 415);
      return problemResponse("BAD_REQUEST", error.message || "bad request", error.status);
    }
    requestLog(c.req.raw).error(`${c.req.method} ${c.req.path} failed`, error, { method: c.req.method, path: c.req.path });
    return problemResponse("INTERNAL", "the server failed on this request");
  });

  app.notFound((c) => {
    if (c.req.path === "/v1" || c.req.path.startsWith("/v1/")) return problemResponse("NOT_FOUND", `no route ${c.req.method} ${c.req.path}`);
    return c.env.ASSETS.fetch(c.req.raw);
  });

  // The API's answers are data, never pages: no sniffing, no framing, no referrer. (Static files get theirs,
  // CSP included, from src/web/static/_headers.) A 101 carries the socket and is left as it is.
  app.use("/v1/*", async (c, next) => {
    await next();
    if (c.res.status === 101) return;
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(API_HEADERS)) c.res.headers.set(name, value);
  });

  // Errors by code (docs/observability.md): every problem answered is counted, after the response, never awaited.
  app.use("/v1/*", async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 400 || !res.headers.get("content-type")?.startsWith("application/problem+json")) return;
    const counted = res
      .clone()
      .json()
      .then((body: unknown) => {
        const code = typeof body === "object" && body !== null && "code" in body ? body.code : undefined;
        if (!isErrorCode(code)) return;
        countError(c.env, c.executionCtx, code);
        emit(c.env, [{ name: "errors", key: code, value: 1 }]);
      })
      .catch(() => undefined);
    c.executionCtx.waitUntil(counted);
  });

  // Third-party web clients on other origins: no cookies are involved (seats and sessions are proven by tokens), so any origin may call.
  app.use("/v1/*", cors({ origin: "*", allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"], allowHeaders: ["content-type", "authorization"], exposeHeaders: ["retry-after"], maxAge: 86400 }));

  // Bodies: bounded in size, then parsed once as JSON so a broken body is BAD_JSON before any schema runs.
  app.use(
    "/v1/*",
    bodyLimit({
      maxSize: LIMITS.maxMessageBytes,
      onError: () => problemResponse("MESSAGE_TOO_LARGE", `bodies may have at most ${LIMITS.maxMessageBytes} bytes`),
    }),
  );
  app.use("/v1/*", async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (c.req.raw.body && /^application\/([\w.-]+\+)?json\b/i.test(type)) {
      const text = await c.req.text();
      try {
        JSON.parse(text);
      } catch {
        return problemResponse("BAD_JSON", "the body is not valid JSON");
      }
    }
    await next();
  });

  // An API token reaches only the routes its scopes cover (docs/bots.md, "Scopes").
  app.use("/v1/*", tokenScopes);

  app.route("/v1", health);
  app.route("/v1/tables", tables);
  app.route("/v1/lobby", lobby);
  app.route("/v1/tables", record);
  app.route("/v1", channel);
  app.route("/v1", players);
  app.route("/v1", tokens);
  app.route("/v1", analysis);
  app.route("/v1", recovery);
  app.route("/v1", reports);
  app.route("/v1", standing);
  app.route("/v1", fairplay);
  app.route("/v1/seek", seek);
  app.route("/v1", dice);
  app.route("/v1/coins", coins);
  app.route("/v1", site);
  app.route("/v1", social);
  app.route("/v1/admin", admin);
  app.openAPIRegistry.registerComponent("securitySchemes", "session", {
    type: "http",
    scheme: "bearer",
    description: "A session token from POST /v1/players (guest) or POST /v1/sessions (log in).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "staff", {
    type: "http",
    scheme: "bearer",
    description:
      "A session token (as for `session`) whose player holds a staff role (moderator or admin; docs/operations.md). " +
      "Without a session: 401 UNAUTHORIZED; without the role: 403 FORBIDDEN.",
  });
  app.doc31("/v1/openapi.json", DOCUMENT);
  return app;
}
