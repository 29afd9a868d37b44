import { Hono } from "hono";
import { DurableObject } from "cloudflare:workers";

export interface Env {
  MATCH: DurableObjectNamespace<MatchRoom>;
  LOBBY: DurableObjectNamespace<Lobby>;
  ASSETS: Fetcher;
}

export class MatchRoom extends DurableObject<Env> {
  override async fetch(_req: Request): Promise<Response> {
    const n = (await this.ctx.storage.get<number>("n")) ?? 0;
    await this.ctx.storage.put("n", n + 1);
    return Response.json({ n: n + 1 });
  }
}
export class Lobby extends DurableObject<Env> {}

const app = new Hono<{ Bindings: Env }>();
app.get("/v1/ping", async (c) => {
  const stub = c.env.MATCH.getByName("x");
  return stub.fetch("https://do/x");
});
export default app;
