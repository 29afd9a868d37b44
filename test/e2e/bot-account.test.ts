/**
 * A bot account's clients against the shared `wrangler dev`: a member turns their account into a bot and makes an
 * API token; another player challenges the bot; `npm run bot -- --token` (and the Python example with `--token`)
 * finds the challenge on the bot's player channel, accepts it, and plays its seat until the challenger resigns,
 * after the bot has made plays of its own; then it exits with 0 (`--max-matches 1`).
 */
import { spawn } from "node:child_process";
import { describe, expect, inject, test } from "vitest";
import { commandFromView } from "../../src/bot/table-view";
import { seededRng } from "../../src/bot/rng";
import { NardiClient, type SeatGrant } from "../../src/client";
import { createMember } from "../support/members";

const baseUrl = inject("baseUrl");

interface Run {
  code: number | null;
  output: string;
}

function run(command: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 100_000);
    child.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

async function call(method: string, path: string, session: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A member turned bot account, and an API token for it. */
async function botAccount(client: NardiClient): Promise<{ id: string; token: string }> {
  const member = await createMember(client);
  await call("POST", "/v1/me/bot", member.token, {});
  const issued = await call("POST", "/v1/me/tokens", member.token, { label: "e2e", scopes: ["play", "challenge"] });
  return { id: member.player.id, token: String(issued.token) };
}

/** The challenger's seat, once the bot has accepted (GET /v1/challenges/{id} answers it with the reader's seat). */
async function challengerSeat(session: string, id: string): Promise<SeatGrant> {
  for (let i = 0; i < 200; i++) {
    const read = await call("GET", `/v1/challenges/${id}`, session);
    if (read.seat) return read.seat as SeatGrant;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`challenge ${id} never accepted`);
}

/** Plays the challenger's seat (beginner) until the bot has made `botPlays` plays of its own, then resigns. */
async function playThenResign(client: NardiClient, grant: SeatGrant, botPlays: number): Promise<void> {
  const conn = client.connect(grant.tableId, { token: grant.token, seq: 0 });
  const rng = seededRng(5);
  const botSide = grant.seat === "white" ? "black" : "white";
  const own = () => conn.events.filter((e) => e.event.type === "played" && e.event.side === botSide && !e.event.forced).length;
  let decided = -1;
  while (own() < botPlays) {
    await conn.waitFor((c) => c.table !== null && c.seq !== decided, 60_000, "a table change");
    decided = conn.seq;
    const table = conn.table!;
    if (table.status === "over") throw new Error("the match ended before the challenger resigned");
    const command = commandFromView(table, conn.events, conn.plays, grant.seat, "beginner", rng);
    if (!command) continue;
    const opts = { seq: true as const };
    if (command.type === "roll") await conn.roll(opts).catch(() => (decided = -1));
    else if (command.type === "play") await conn.play(command.play, opts).catch(() => (decided = -1));
    else if (command.type === "take") await conn.take(opts).catch(() => (decided = -1));
  }
  await conn.resign();
  conn.close();
}

async function challengeAndPlay(program: () => Promise<Run>, bot: { id: string }): Promise<{ run: Run; tableId: string }> {
  const client = new NardiClient(baseUrl);
  const challenger = await createMember(client);
  const made = await call("POST", "/v1/challenges", challenger.token, { to: bot.id, settings: { preset: "georgian-short", length: 1 } });
  const id = String(made.id ?? (made.challenge as Record<string, unknown>).id);
  const running = program();
  const seat = await challengerSeat(challenger.token, id);
  await playThenResign(client, seat, 2);
  return { run: await running, tableId: seat.tableId };
}

describe("a bot account accepts a challenge from its channel and plays it", () => {
  test("npm run bot -- --token", async () => {
    const bot = await botAccount(new NardiClient(baseUrl));
    const args = ["tsx", "src/bot/remote.ts", "--url", baseUrl, "--token", bot.token, "--max-matches", "1", "--delay", "0", "--level", "beginner"];
    const { run: result, tableId } = await challengeAndPlay(() => run("npx", args), bot);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/accepted: table/);
    const table = await new NardiClient(baseUrl).getTable(tableId);
    expect(table.status).toBe("over");
    expect(table.match!.endReason).toBe("resign");
  });

  test("the Python example with --token", async () => {
    const bot = await botAccount(new NardiClient(baseUrl));
    const args = ["docs/examples/nardi_bot.py", "--url", baseUrl, "--token", bot.token, "--max-matches", "1", "--seed", "2"];
    const { run: result, tableId } = await challengeAndPlay(() => run("python3", args), bot);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/match over at/);
    const table = await new NardiClient(baseUrl).getTable(tableId);
    expect(table.match!.endReason).toBe("resign");
  });
});
