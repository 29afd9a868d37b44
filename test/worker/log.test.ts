/**
 * Structured logs: one JSON object per line with level, msg and the request or table id, never a credential, an
 * error's stack once. The formatter is tested on its own, and a real failure inside the match object is caught
 * as workerd writes it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatLine, Logger, requestLog, scrub } from "../../src/server/log";
import { commandId, connect } from "./helpers";
import { d1With, setD1 } from "./metrics-support";
import { guest, runDeliveryNow, tableBetween } from "./players-support";

afterEach(() => vi.restoreAllMocks());

describe("the log line", () => {
  it("is one JSON object: level and msg first, then the id and the fields", () => {
    const line = formatLine("warn", "seat refused", { tableId: "T1" }, { seat: "white", attempts: 2 });
    expect(line).not.toContain("\n");
    expect(Object.keys(JSON.parse(line))).toEqual(["level", "msg", "tableId", "seat", "attempts"]);
    expect(JSON.parse(line)).toEqual({ level: "warn", msg: "seat refused", tableId: "T1", seat: "white", attempts: 2 });
  });

  it("never carries a token, session, invite secret or the socket's token subprotocol", () => {
    const secret = "s3cr3t-Tok3n_value";
    const line = formatLine("error", `GET /v1/tables/x/socket?token=${secret}&seq=4 failed`, { requestId: "r" }, {
      authorization: `Bearer ${secret}`,
      headers: new Headers({ "Sec-WebSocket-Protocol": `nardi.v2, nardi.token.${secret}`, "user-agent": "test" }),
      seatToken: secret,
      session: secret,
      invite: secret,
      body: { password: secret, name: "Ann" },
      note: `he sent Authorization: Bearer ${secret} and nardi.token.${secret}`,
      url: `https://x.test/v1/tables/abc/join?invite=${secret}`,
    });
    expect(line).not.toContain(secret);
    const parsed = JSON.parse(line);
    expect(parsed.headers["user-agent"]).toBe("test");
    expect(parsed.body.name).toBe("Ann");
    expect(parsed.msg).toContain("seq=4");
  });

  it("writes an error once, with its stack and cause, and scrubs secrets out of both", () => {
    const cause = new Error("inner Bearer abc.def");
    const error = new Error("outer with ?token=xyz", { cause });
    const parsed = JSON.parse(formatLine("error", "failed", { tableId: "T" }, { error }));
    expect(parsed.error.name).toBe("Error");
    expect(parsed.error.message).toBe("outer with ?token=[redacted]");
    expect(parsed.error.stack).toContain("outer with ?token=[redacted]");
    expect(parsed.error.cause.message).toBe("inner Bearer [redacted]");
    const line = JSON.stringify(parsed);
    expect(line).not.toContain("xyz");
    expect(line).not.toContain("abc.def");
    // The stack is written once on the line.
    expect(line.split("at ").length - 1).toBe((String(error.stack).match(/at /g) ?? []).length + (String(cause.stack).match(/at /g) ?? []).length);
  });

  it("an HTTP request's lines carry its cf-ray, or one generated id for all of its lines", () => {
    const ray = new Request("https://nardi.test/v1/health", { headers: { "cf-ray": "8f1e2d3c4b5a6978-AMS" } });
    expect(requestLog(ray).context).toEqual({ requestId: "8f1e2d3c4b5a6978-AMS" });
    const plain = new Request("https://nardi.test/v1/health");
    const id = requestLog(plain).context.requestId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLog(plain).context.requestId).toBe(id);
  });

  it("goes out through the console at its level", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const log = new Logger({ tableId: "T9" });
    log.info("hello");
    log.with({ seat: "black" }).error("boom", new Error("x"));
    expect(JSON.parse(String(info.mock.calls[0]![0]))).toEqual({ level: "info", msg: "hello", tableId: "T9" });
    expect(JSON.parse(String(error.mock.calls[0]![0]))).toMatchObject({ level: "error", msg: "boom", tableId: "T9", seat: "black", error: { message: "x" } });
    expect(scrub({ a: 1n })).toEqual({ a: "1" });
  });
});

describe("inside the match object", () => {
  it("a failed delivery is logged as one line with the table id, its stack, and no seat or session token", async () => {
    const a = await guest();
    const b = await guest();
    const table = await tableBetween(a.token, b.token);
    const secrets = [a.token, b.token, table.white.token, table.black.token];
    // The failure's own message carries a credential, as a driver error quoting a request might.
    await setD1(table.id, d1With(async () => Promise.reject(new Error(`D1 is down (injected); request had Authorization: Bearer ${table.black.token}`))));
    const socket = await connect(table.id, { token: table.black.token });
    await socket.next("welcome");
    const written: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(" ")));
    socket.send({ type: "resign", id: commandId() });
    expect((await socket.answer()).type).toBe("ack");
    socket.close();
    await runDeliveryNow(table.id);

    const lines = written.map((line) => JSON.parse(line) as { level: string; msg: string; tableId?: string; error?: { stack?: string } });
    const failure = lines.find((line) => line.msg.startsWith("outbox match-record delivery failed"));
    expect(failure).toMatchObject({ level: "error", tableId: table.id, attempt: 1 });
    expect(failure!.error!.stack).toContain("D1 is down (injected)");
    for (const line of written) for (const secret of secrets) expect(line).not.toContain(secret);
    expect(written.join("\n")).toContain("Bearer [redacted]");
  });
});
