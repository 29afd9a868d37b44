/**
 * The lobby feed over real sockets (`wrangler dev`): the runtime still lists a feed socket among the lobby's
 * sockets while its close is handled, which the in-process worker tests do not show; the `online` count sent
 * then must leave the closing feed out, so the other feeds agree with `GET /v1/lobby`.
 */
import { describe, expect, inject, test } from "vitest";
import { LobbyMessageSchema, LobbySnapshotSchema, type LobbyMessage } from "../../src/protocol";

const baseUrl = inject("baseUrl");

interface Feed {
  ws: WebSocket;
  messages: LobbyMessage[];
  /** Resolves with the first message after `from` that passes `check`. */
  until(check: (m: LobbyMessage) => boolean, from?: number): Promise<LobbyMessage>;
}

function openFeed(): Promise<Feed> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/v1/lobby/socket`);
  const messages: LobbyMessage[] = [];
  const listeners = new Set<() => void>();
  ws.addEventListener("message", (event) => {
    messages.push(LobbyMessageSchema.parse(JSON.parse(String(event.data))));
    for (const l of listeners) l();
  });
  const until = (check: (m: LobbyMessage) => boolean, from = 0) =>
    new Promise<LobbyMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the feed never said it: ${JSON.stringify(messages.slice(from))}`)), 10_000);
      const look = () => {
        const found = messages.slice(from).find(check);
        if (found) {
          clearTimeout(timer);
          listeners.delete(look);
          resolve(found);
        }
      };
      listeners.add(look);
      look();
    });
  return new Promise((resolve, reject) => {
    ws.addEventListener("open", () => resolve({ ws, messages, until }));
    ws.addEventListener("error", () => reject(new Error("the lobby feed did not open")));
  });
}

const online = (m: LobbyMessage) => m.online;

async function httpOnline(): Promise<number> {
  return LobbySnapshotSchema.parse(await (await fetch(`${baseUrl}/v1/lobby`)).json()).online;
}

describe("the lobby feed's online count", () => {
  test("another feed's close is sent at once with the count GET /v1/lobby gives", async () => {
    const a = await openFeed();
    const start = online(await a.until((m) => m.type === "lobby"));
    const b = await openFeed();
    await b.until((m) => m.type === "lobby");
    await a.until((m) => m.online === start + 1);

    const mark = a.messages.length;
    b.ws.close(1000, "bye");
    // The next message after the close carries the count without b (other tests' sockets may move it too, so
    // the count is compared with the HTTP snapshot's rather than with a constant).
    const after = await a.until((m) => m.type === "online", mark);
    expect(after.online).toBe(await httpOnline());
    a.ws.close(1000, "done");
  });
});
