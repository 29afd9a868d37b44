/**
 * `/v1/admin/…`: the operators' API (docs/operations.md). Every route needs a staff session (./auth.ts): an
 * anonymous caller gets 401 UNAUTHORIZED, a plain player 403 FORBIDDEN, and neither changes anything. Each part
 * lives in its own module, mounted here.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "../env";
import { site } from "./site";

export const admin = new OpenAPIHono<{ Bindings: Env }>();
admin.route("/", site);
