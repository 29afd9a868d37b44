/**
 * `/v1/admin/…`: the operators' API (docs/operations.md). Every route needs a staff session (./auth.ts): an
 * anonymous caller gets 401 UNAUTHORIZED, a plain player 403 FORBIDDEN, and neither changes anything. Each part
 * lives in its own module, mounted here.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "../env";
import { requireStaff } from "./auth";
import { moderation } from "./moderation";
import { reportsAdmin } from "./reports";
import { site } from "./site";
import { metrics } from "./metrics";

export const admin = new OpenAPIHono<{ Bindings: Env }>();

// The gate before every admin route, whoever wrote it: at least a moderator's session, checked before any query or
// body is read, so a caller without one learns nothing from validation. Routes that need an admin check again.
// Hono runs middleware in the order it is registered: keep this ABOVE every `admin.route` line.
admin.use("*", async (c, next) => {
  await requireStaff(c.env, c.req.header("authorization"));
  await next();
});

admin.route("/", moderation);
admin.route("/", reportsAdmin);
admin.route("/", site);
admin.route("/", metrics);
