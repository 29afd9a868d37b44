/**
 * The social routes as the page calls them (docs/friends-and-challenges.md): follows, blocks, the challenge policy
 * and challenges. Each answer is parsed with the protocol's schemas; a refusal is an ApiError with the server's
 * code, as the typed client throws, so ./errors.ts says it in the player's words.
 */
import { ApiError, clientCode } from "../client/errors";
import {
  AcceptedChallengeSchema,
  BlockListSchema,
  ChallengePolicyBodySchema,
  ChallengeListSchema,
  ChallengeSchema,
  FollowListSchema,
  ProblemSchema,
  type AcceptedChallenge,
  type Challenge,
  type ChallengePolicy,
  type ChallengeSettings,
} from "../protocol";
import { loadSession } from "./store";

interface Parser<T> {
  parse(data: unknown): T;
}
const NoContent: Parser<void> = { parse: () => undefined };

async function call<T>(method: string, path: string, parser: Parser<T>, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const session = loadSession();
  if (session) headers.authorization = `Bearer ${session}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${location.origin}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const problem = ProblemSchema.safeParse(json);
    if (problem.success) throw new ApiError(res.status, problem.data.code, problem.data.detail);
    const shape = json as { code?: unknown; detail?: unknown } | undefined;
    if (shape && typeof shape.code === "string") {
      const { code, text: detail } = clientCode(shape.code, String(shape.detail ?? ""));
      throw new ApiError(res.status, code, detail);
    }
    throw new ApiError(res.status, `HTTP_${res.status}`, text.slice(0, 200));
  }
  try {
    return parser.parse(json);
  } catch (err) {
    throw new ApiError(res.status, "BAD_RESPONSE", `${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

const player = (id: string) => encodeURIComponent(id);

export const socialApi = {
  follows: () => call("GET", "/v1/me/follows", FollowListSchema),
  follow: (id: string) => call("PUT", `/v1/me/follows/${player(id)}`, NoContent),
  unfollow: (id: string) => call("DELETE", `/v1/me/follows/${player(id)}`, NoContent),
  blocks: () => call("GET", "/v1/me/blocks", BlockListSchema),
  block: (id: string) => call("PUT", `/v1/me/blocks/${player(id)}`, NoContent),
  unblock: (id: string) => call("DELETE", `/v1/me/blocks/${player(id)}`, NoContent),
  policy: async (): Promise<ChallengePolicy> => (await call("GET", "/v1/me/challenge-policy", ChallengePolicyBodySchema)).policy,
  setPolicy: (policy: ChallengePolicy) => call("PUT", "/v1/me/challenge-policy", ChallengePolicyBodySchema, { policy }),
  challenges: () => call("GET", "/v1/challenges", ChallengeListSchema),
  challenge: (to: string, settings: ChallengeSettings): Promise<Challenge> => call("POST", "/v1/challenges", ChallengeSchema, { to, settings }),
  accept: (id: string): Promise<AcceptedChallenge> => call("POST", `/v1/challenges/${encodeURIComponent(id)}/accept`, AcceptedChallengeSchema),
  decline: (id: string) => call("POST", `/v1/challenges/${encodeURIComponent(id)}/decline`, ChallengeSchema),
  cancel: (id: string) => call("POST", `/v1/challenges/${encodeURIComponent(id)}/cancel`, ChallengeSchema),
};
