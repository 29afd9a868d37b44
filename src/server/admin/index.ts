/**
 * `/v1/admin/…`: the operators' API (docs/operations.md). Every route needs a staff session (./auth.ts): an
 * anonymous caller gets 401 UNAUTHORIZED, a plain player 403 FORBIDDEN, and neither changes anything. Each part
 * lives in its own module, mounted here.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "../env";
import { requireStaff } from "./auth";
import { metrics } from "./metrics";
import { reportsAdmin } from "./reports";

export const admin = new OpenAPIHono<{ Bindings: Env }>();

// The gate comes before any route's validation, so a caller without the role learns nothing from the body checks:
// 401 or 403 whatever it sent. Routes that need more than a moderator ask for their role again.
admin.use("*", async (c, next) => {
  await requireStaff(c.env, c.req.header("authorization"));
  await next();
});
admin.route("/", metrics);
admin.route("/", reportsAdmin);
