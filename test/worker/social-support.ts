/** Helpers for the friends and challenges tests: follows, blocks and challenges over HTTP, each answer checked against its schema. */
import { AcceptedChallengeSchema, ChallengeReadSchema, ChallengeSchema, type Challenge, type ChallengeSettings } from "../../src/protocol";
import { call } from "./players-support";

export async function put(path: string, token: string, body?: unknown): Promise<Response> {
  return call("PUT", path, { token, body });
}

export async function ok(res: Response, status = 204): Promise<Response> {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${await res.text()}`);
  return res;
}

export async function follow(token: string, playerId: string): Promise<void> {
  await ok(await put(`/v1/me/follows/${playerId}`, token));
}

export async function block(token: string, playerId: string): Promise<void> {
  await ok(await put(`/v1/me/blocks/${playerId}`, token));
}

export const CASUAL: Partial<ChallengeSettings> = { preset: "backgammon" };

export async function challengeResponse(token: string, to: string, settings: Partial<ChallengeSettings> = CASUAL, extra: Record<string, unknown> = {}): Promise<Response> {
  return call("POST", "/v1/challenges", { token, body: { to, settings: { preset: "backgammon", ...settings }, ...extra } });
}

export async function challenge(token: string, to: string, settings: Partial<ChallengeSettings> = CASUAL, extra: Record<string, unknown> = {}): Promise<Challenge> {
  return ChallengeSchema.parse(await (await ok(await challengeResponse(token, to, settings, extra), 201)).json());
}

export async function accept(token: string, id: string) {
  return AcceptedChallengeSchema.parse(await (await ok(await call("POST", `/v1/challenges/${id}/accept`, { token }), 200)).json());
}

export async function read(token: string, id: string) {
  return ChallengeReadSchema.parse(await (await ok(await call("GET", `/v1/challenges/${id}`, { token }), 200)).json());
}

