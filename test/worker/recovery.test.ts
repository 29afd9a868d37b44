/**
 * Recovery codes (docs/players.md#recovery-codes): the claim gives one, it resets the password once, ends every
 * other session and gives the next one; wrong and used codes are refused, change nothing and count against the
 * sign-in limit; a new code needs the password; the server keeps only hashes.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ClaimedProfile, IssuedRecoveryCode, RecoveryCodeState, RecoveryGrant, SessionGrant } from "../../src/protocol";
import { problemOf } from "../support/problems";
import { acted, snapshot, staff } from "./moderation-support";
import { call, guest } from "./players-support";

const CODE = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/;
let serial = 0;

/** A guest that claims a fresh name: its session, the name and the first recovery code. */
async function claimed(password = "first password") {
  const grant = await guest();
  const name = `rc${++serial}${Math.random().toString(36).slice(2, 7)}`;
  const res = await call("POST", "/v1/me/claim", { token: grant.token, body: { name, password } });
  expect(res.status).toBe(200);
  const profile = (await res.json()) as ClaimedProfile;
  return { token: grant.token, id: grant.player.id, name, code: profile.recoveryCode, profile };
}

const recover = (body: { name: string; code: string; newPassword: string }, ip = "10.9.0.1") => call("POST", "/v1/recovery", { body, ip });
const logIn = (name: string, password: string, ip = "10.9.1.1") => call("POST", "/v1/sessions", { body: { name, password }, ip });

describe("recovery codes", () => {
  it("the claim answers with a one-time code, stored only as a hash; /me/recovery-code says one is set, never which", async () => {
    const a = await claimed();
    expect(a.code).toMatch(CODE);
    expect(a.profile).toMatchObject({ id: a.id, name: a.name, kind: "member" });
    const row = await env.DB.prepare("SELECT * FROM recovery_codes WHERE player_id = ?").bind(a.id).first<Record<string, unknown>>();
    expect(String(row?.code_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(JSON.stringify(row)).not.toContain(a.code.replaceAll("-", ""));
    const state = await call("GET", "/v1/me/recovery-code", { token: a.token });
    expect(state.status).toBe(200);
    const body = (await state.json()) as RecoveryCodeState;
    expect(body.set).toBe(true);
    expect(typeof body.issuedAt).toBe("number");
    expect(JSON.stringify(body)).not.toContain(a.code);
    // A guest has none.
    const g = await guest();
    expect(await (await call("GET", "/v1/me/recovery-code", { token: g.token })).json()).toEqual({ set: false, issuedAt: null });
  });

  it("resets the password once: a fresh session, every other session ended, a new code; the same code again is RECOVERY_CODE_USED", async () => {
    const a = await claimed();
    const other = (await (await logIn(a.name, "first password")).json()) as SessionGrant;
    // Case, spaces and dashes do not matter.
    const typed = ` ${a.code.toUpperCase().replaceAll("-", " ")} `;
    const res = await recover({ name: a.name.toUpperCase(), code: typed, newPassword: "second password" });
    expect(res.status).toBe(200);
    const grant = (await res.json()) as RecoveryGrant;
    expect(grant.player.id).toBe(a.id);
    expect(grant.recoveryCode).toMatch(CODE);
    expect(grant.recoveryCode).not.toBe(a.code);
    expect((await call("GET", "/v1/me", { token: grant.token })).status).toBe(200);
    for (const token of [a.token, other.token]) expect((await problemOf(await call("GET", "/v1/me", { token }))).code).toBe("UNAUTHORIZED");
    expect((await problemOf(await logIn(a.name, "first password"))).code).toBe("BAD_CREDENTIALS");
    expect((await logIn(a.name, "second password")).status).toBe(200);

    const before = await snapshot();
    const again = await recover({ name: a.name, code: a.code, newPassword: "third password" });
    expect(again.status).toBe(409);
    expect((await problemOf(again)).code).toBe("RECOVERY_CODE_USED");
    expect(await snapshot()).toEqual(before);
    // The next code works.
    const next = await recover({ name: a.name, code: grant.recoveryCode, newPassword: "third password" });
    expect(next.status).toBe(200);
    expect((await logIn(a.name, "third password")).status).toBe(200);
  });

  it("a wrong code, an unknown name and a guest's name get one BAD_RECOVERY_CODE and change nothing", async () => {
    const a = await claimed();
    const g = await guest();
    const before = await snapshot();
    const answers = [];
    for (const body of [
      { name: a.name, code: "aaaa-bbbb-cccc-dddd", newPassword: "whatever pass" },
      { name: "NobodyAtAll", code: a.code, newPassword: "whatever pass" },
      { name: g.player.name, code: a.code, newPassword: "whatever pass" },
    ]) {
      const res = await recover(body, "10.9.0.2");
      answers.push({ status: res.status, code: (await problemOf(res)).code });
    }
    expect(answers).toEqual(Array(3).fill({ status: 401, code: "BAD_RECOVERY_CODE" }));
    expect(await snapshot()).toEqual(before);
    expect((await call("GET", "/v1/me", { token: a.token })).status).toBe(200);
    const bad = await recover({ name: a.name, code: "no<code>", newPassword: "whatever pass" }, "10.9.0.2");
    expect((await problemOf(bad)).code).toBe("BAD_REQUEST");
  });

  it("wrong codes count against the sign-in limit: per address, shared with signing in, and per name", async () => {
    const a = await claimed();
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await problemOf(await logIn(`Ghost${i}x`, "wrong horse", "10.9.0.3"))).code);
    for (let i = 0; i < 6; i++) codes.push((await problemOf(await recover({ name: `Ghost${i}y`, code: "aaaa-bbbb-cccc-dddd", newPassword: "whatever pass" }, "10.9.0.3"))).code);
    expect(codes).toEqual([...Array(6).fill("BAD_CREDENTIALS"), ...Array(4).fill("BAD_RECOVERY_CODE"), "RATE_LIMITED", "RATE_LIMITED"]);
    // The right code from that address is refused too, and nothing changed.
    const right = await recover({ name: a.name, code: a.code, newPassword: "second password" }, "10.9.0.3");
    expect(right.status).toBe(429);
    expect((await logIn(a.name, "first password")).status).toBe(200);

    // Per name: wrong codes from many addresses use up the name's attempts.
    const b = await claimed();
    for (let i = 0; i < 10; i++) await recover({ name: b.name, code: "aaaa-bbbb-cccc-dddd", newPassword: "whatever pass" }, `10.9.2.${i}`);
    const limited = await recover({ name: b.name, code: b.code, newPassword: "second password" }, "10.9.3.1");
    expect((await problemOf(limited)).code).toBe("RATE_LIMITED");
  });

  it("a new code needs the password again; the old one then stops working; guests are refused", async () => {
    const a = await claimed();
    const wrong = await call("POST", "/v1/me/recovery-code", { token: a.token, body: { password: "not my password" }, ip: "10.9.0.4" });
    expect(wrong.status).toBe(401);
    expect((await problemOf(wrong)).code).toBe("BAD_CREDENTIALS");
    const res = await call("POST", "/v1/me/recovery-code", { token: a.token, body: { password: "first password" }, ip: "10.9.0.4" });
    expect(res.status).toBe(200);
    const issued = (await res.json()) as IssuedRecoveryCode;
    expect(issued.recoveryCode).toMatch(CODE);
    const old = await recover({ name: a.name, code: a.code, newPassword: "second password" }, "10.9.0.5");
    expect((await problemOf(old)).code).toBe("BAD_RECOVERY_CODE");
    expect((await recover({ name: a.name, code: issued.recoveryCode, newPassword: "second password" }, "10.9.0.5")).status).toBe(200);

    const g = await guest();
    const refused = await call("POST", "/v1/me/recovery-code", { token: g.token, body: { password: "anything at all" } });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).code).toBe("CLAIM_REQUIRED");
    expect((await problemOf(await call("POST", "/v1/me/recovery-code", { body: { password: "anything at all" } }))).code).toBe("UNAUTHORIZED");
  });

  it("a banned member's right code is BANNED and burns nothing; a deleted account's code goes with it", async () => {
    const admin = await staff("admin");
    const a = await claimed();
    await acted(admin.token, a.id, { action: "ban" });
    const before = await snapshot();
    const res = await recover({ name: a.name, code: a.code, newPassword: "second password" }, "10.9.0.6");
    expect(res.status).toBe(403);
    expect((await problemOf(res)).code).toBe("BANNED");
    expect(await snapshot()).toEqual(before);

    const b = await claimed();
    expect((await call("DELETE", "/v1/me", { token: b.token })).status).toBe(204);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM recovery_codes WHERE player_id = ?").bind(b.id).first("n")).toBe(0);
    expect((await problemOf(await recover({ name: b.name, code: b.code, newPassword: "second password" }, "10.9.0.6"))).code).toBe("BAD_RECOVERY_CODE");
  });

  it("the routes are in the OpenAPI document", async () => {
    const doc = (await (await call("GET", "/v1/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths["/v1/recovery"]?.post?.operationId).toBe("recoverAccount");
    expect(doc.paths["/v1/me/recovery-code"]?.get?.operationId).toBe("getRecoveryCodeState");
    expect(doc.paths["/v1/me/recovery-code"]?.post?.operationId).toBe("newRecoveryCode");
  });
});
