/**
 * Prints a complete example session against a fresh `wrangler dev` as Markdown (the one in docs/protocol.md
 * comes from here): create, join, connect, the opening roll, a few turns, a refused and a repeated command,
 * a drop and a reconnect with `?seq=`, a cube offer dropped, and a resignation that ends the match.
 *
 *   npx tsx test/support/transcript.ts > /tmp/session.md        (or --url http://127.0.0.1:8787)
 *
 * Long values are shortened for reading: a TableView after the first one is summarised, compact legal plays
 * are cut to their first 24 steps, boards are written on one line.
 */
import { NardiClient, type SeatGrant, type TableConnection } from "../../src/client";
import { opponent } from "../../src/engine";
import type { SideName } from "../../src/protocol";
import { startDevServer, stopOnSignals, type DevServer } from "./wrangler-dev";

const out: string[] = [];
const say = (text: string): void => {
  out.push(text);
};
let fullTables = 1;
const printedUpdates = new Set<number>();

/** Compact JSON: anything that fits on a line stays on one line. */
function pretty(value: unknown, indent = ""): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return "null";
  if (flat.length + indent.length <= 110 || value === null || typeof value !== "object") return flat;
  const inner = indent + "  ";
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + pretty(v, inner)).join(",\n")}\n${indent}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`).join(",\n")}\n${indent}}`;
}

/** Tables summarised after the first one with a match, legal plays cut to two. */
function show(value: unknown): string {
  const shortened = JSON.parse(
    JSON.stringify(value, (key, v: unknown) => {
      if (key === "table" && v && typeof v === "object" && "seq" in v && "status" in v) {
        const t = v as { seq: number; status: string; match: { phase: string; turn: string; dice: unknown; score: unknown } | null };
        const m = t.match;
        if (m && fullTables > 0) {
          fullTables--;
          return v;
        }
        return `«TableView seq ${t.seq}, ${t.status}${m ? `, ${m.phase}, turn ${m.turn}, dice ${JSON.stringify(m.dice)}, score ${JSON.stringify(m.score)}` : ""}»`;
      }
      if (key === "legalPlays" && Array.isArray(v) && v.length > 2) return [...v.slice(0, 2), `«… ${v.length - 2} more»`];
      if (key === "steps" && typeof v === "string" && v.length > 48) return `${v.slice(0, 48)}«… ${(v.length - 48) / 2} more steps»`;
      return v;
    }),
  ) as unknown;
  return pretty(shortened);
}

/** A WebSocket that writes every frame it sends and receives into the transcript. */
function loggingSocket(label: string): typeof WebSocket {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      const offered = [protocols ?? []].flat().map((p) => (p.startsWith("token.") ? `token.«${label} token»` : p));
      say(`\n**${label}** opens \`${String(url)}\` offering subprotocols \`${offered.join(", ")}\``);
      this.addEventListener("message", (ev: MessageEvent) => {
        const msg = JSON.parse(String(ev.data)) as { type: string; seq: number; plays?: { stepsPerPlay: number; steps: string } | null };
        // Every socket gets each update; after the first, say so instead of printing it again.
        if (msg.type === "update" && printedUpdates.has(msg.seq)) {
          const count = msg.plays && msg.plays.stepsPerPlay > 0 ? msg.plays.steps.length / (2 * msg.plays.stepsPerPlay) : 0;
          const plays = msg.plays ? `with its ${count} legal plays` : "with plays null";
          say(`\n${label} ⇐ server: the same \`update\` (seq ${msg.seq}), ${plays}`);
          return;
        }
        if (msg.type === "update") printedUpdates.add(msg.seq);
        say(`\n${label} ⇐ server:\n\`\`\`json\n${show(msg)}\n\`\`\``);
      });
      this.addEventListener("close", (ev: CloseEvent) => say(`\n**${label}** socket closed (${ev.code})`));
    }
    override send(data: Parameters<WebSocket["send"]>[0]): void {
      say(`\n${label} ⇒ server:\n\`\`\`json\n${typeof data === "string" ? data : "«binary»"}\n\`\`\``);
      super.send(data);
    }
  };
}

async function http(client: NardiClient, method: string, path: string, body?: unknown): Promise<unknown> {
  say(`\n\`${method} ${path}\`${body === undefined ? "" : `\n\`\`\`json\n${JSON.stringify(body)}\n\`\`\``}`);
  const res = await fetch(`${client.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json();
  say(`→ \`${res.status}\` \`${res.headers.get("content-type")}\`\n\`\`\`json\n${show(json)}\n\`\`\``);
  return json;
}

const settle = (ms = 150): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const i = process.argv.indexOf("--url");
  let server: DevServer | null = null;
  let baseUrl = i >= 0 ? (process.argv[i + 1] ?? "") : "";
  if (!baseUrl) {
    server = await startDevServer();
    stopOnSignals(server);
    baseUrl = server.baseUrl;
  }
  const client = new NardiClient(baseUrl);
  try {
    say("### 1. Alice creates a table (backgammon, 3 points) and sits White");
    const alice = (await http(client, "POST", "/v1/tables", { preset: "backgammon", length: 3, name: "Alice", reconnectSeconds: 60 })) as SeatGrant;
    say("\n### 2. The lobby lists it");
    await http(client, "GET", "/v1/tables");
    say("\n### 3. Bob joins and sits Black: the match starts and the server makes the opening roll");
    const bob = (await http(client, "POST", `/v1/tables/${alice.tableId}/join`, { name: "Bob" })) as SeatGrant;

    say("\n### 4. Both connect; Alice asks for the whole log with `seq=0`");
    const grants: Record<SideName, SeatGrant> = { white: alice, black: bob };
    const names: Record<SideName, string> = { white: "Alice", black: "Bob" };
    const conns: Record<SideName, TableConnection> = {
      white: client.connect(alice.tableId, { token: alice.token, seq: 0, WebSocket: loggingSocket("Alice") }),
      black: client.connect(alice.tableId, { token: bob.token, WebSocket: loggingSocket("Bob") }),
    };
    await conns.white.waitFor((c) => c.status === "connected");
    await conns.black.waitFor((c) => c.status === "connected");
    await settle();

    // Who must act, as the server says (never a double pending at these points, so it is also the side on turn).
    const turn = (): SideName => conns.white.table?.match?.toAct ?? "white";
    const playFirst = async (side: SideName): Promise<void> => {
      const conn = conns[side];
      const plays = await conn.waitFor((c) => c.legalPlays);
      await conn.play(plays[0]?.play ?? "");
      await settle();
    };

    say("\n### 5. The opening roll's winner plays the opening dice (play-opening-dice)");
    await playFirst(turn());

    say("\n### 6. A refused command: the wrong seat rolls (NOT_YOUR_TURN, sent to that seat only)");
    const idle = opponent(turn());
    await conns[idle].roll().catch(() => undefined);
    await settle();

    say("\n### 7. A normal turn: roll, then play one of the listed legal plays");
    let side = turn();
    const roll = conns[side].command("roll");
    await conns[side].send(roll);
    await settle();
    say("\n### 8. The same command id again (a retry): acknowledged as a duplicate, nothing applied");
    conns[side].sendRaw(JSON.stringify(roll));
    await settle();
    await playFirst(side);

    say(`\n### 9. The next player rolls, then loses the connection before playing`);
    side = turn();
    await conns[side].roll();
    await settle();
    const lastSeq = conns[side].seq;
    conns[side].close();
    await settle(400);
    say(`\n### 10. ${names[side]} reconnects with \`seq=${lastSeq}\` (the last seq seen): the welcome carries exactly the missed events`);
    conns[side] = client.connect(alice.tableId, { token: grants[side].token, seq: lastSeq, WebSocket: loggingSocket(names[side]) });
    await conns[side].waitFor((c) => c.status === "connected");
    await settle(300);
    await playFirst(side);

    say("\n### 11. A cube offer, dropped: the hand ends at the cube value before the offer (1 point, as oin), hand 2 starts");
    side = turn();
    if (conns.white.table?.match?.may.includes("double")) {
      await conns[side].double();
      await settle();
      await conns[opponent(side)].drop();
      await settle(300);
    }

    say("\n### 12. A resignation ends the whole match: the opponent gets the points still needed");
    await conns.white.resign();
    await settle(300);

    say("\n### 13. The stored log after a given seq");
    await http(client, "GET", `/v1/tables/${alice.tableId}/events?after=${Math.max(0, conns.white.seq - 3)}`);
    conns.white.close();
    conns.black.close();
    await settle();
  } finally {
    if (server) await server.stop();
  }
  console.log(out.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
