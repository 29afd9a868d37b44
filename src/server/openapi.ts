/** Shared pieces of the OpenAPI description: the problem responses and the document's header. */
import * as z from "zod";
import { ProblemSchema } from "../protocol";

/** An error response in the OpenAPI document. */
export function problem(description: string) {
  return { description, content: { "application/problem+json": { schema: ProblemSchema } } };
}

/** A 429 from a per-client limit: the problem, and when to try again. */
export function rateLimited(description: string) {
  return {
    ...problem(description),
    headers: { "Retry-After": { description: "Seconds to wait before trying again (an upper bound).", schema: { type: "integer" as const } } },
  };
}

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export const DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Nardi server",
    version: "1.0.0",
    description:
      "Long nardi and short nardi (backgammon) matches on Cloudflare Workers. Tables are created and joined over HTTP; " +
      "play happens over the table's WebSocket (`/v1/tables/{id}/socket`): JSON text frames, `ClientMessage` up and " +
      "`ServerMessage` down (see docs/protocol.md). Errors are `application/problem+json` with a stable `code`.",
    license: { name: "MIT" },
  },
};
