/**
 * A bot account's side of `npm run bot -- --token` (docs/bots.md, "A bot account's client"): waits on the player
 * channel (`/v1/me/channel`, the API token as a subprotocol) for challenges to the bot, accepts them
 * (`POST /v1/challenges/{id}/accept`) or declines them, and hands each accepted seat to the caller to play.
 * One match at a time; challenges that arrive meanwhile wait in the channel's list of open ones.
 */
import { ApiError } from "../client";
import {
  AcceptedChallengeSchema,
  ChannelServerMessageSchema,
  FollowListSchema,
  ProblemSchema,
  type AcceptedChallenge,
  type Challenge,
  type SeatGrant,
} from "../protocol";

export type AcceptPolicy = "all" | "friends";

export interface AccountOptions {
  url: string;
  token: string;
  accept: AcceptPolicy;
  /** Matches to play before returning; 0: no end. */
  maxMatches: number;
  log: (text: string) => void;
}

/** The channel's subprotocols: its own name beside the token (docs/players-channel.md). */
export const channelProtocols = (token: string): string[] => ["nardi.v2", `token.${token}`];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP call with the bot's token; a refusal is an ApiError with the problem's stable code. */
async function call<T>(opts: AccountOptions, method: string, path: string, parse: (json: unknown) => T): Promise<T> {
  const res = await fetch(`${opts.url}${path}`, { method, headers: { authorization: `Bearer ${opts.token}`, accept: "application/json" } });
  const text = await res.text();
  const json: unknown = text === "" ? undefined : JSON.parse(text);
  if (!res.ok) {
    const problem = ProblemSchema.safeParse(json);
    throw problem.success ? new ApiError(res.status, problem.data.code, problem.data.detail) : new ApiError(res.status, `HTTP_${res.status}`, text.slice(0, 200));
  }
  return parse(json);
}

/** Whether the bot answers this challenge with yes: `all`, or `friends` and the challenger follows back. */
async function welcome(opts: AccountOptions, challenge: Challenge): Promise<boolean> {
  if (opts.accept === "all") return true;
  const follows = await call(opts, "GET", "/v1/me/follows", (json) => FollowListSchema.parse(json));
  return follows.following.some((p) => p.id === challenge.from.id && p.friend);
}

/**
 * Resolves with the oldest open challenge to the bot: from the channel's `welcome` (every open one), or the next
 * `challenge` event that opens one. Reconnects after a drop; the welcome then lists what came meanwhile.
 */
function nextChallenge(opts: AccountOptions, me: string, skip: Set<string>): Promise<Challenge> {
  return new Promise((resolve) => {
    let failures = 0;
    const open = () => {
      const ws = new WebSocket(`${opts.url.replace(/^http/, "ws")}/v1/me/channel`, channelProtocols(opts.token));
      let done = false;
      const ping = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: "ping" })), 20_000);
      const take = (challenge: Challenge | undefined) => {
        if (!challenge || done) return;
        done = true;
        clearInterval(ping);
        ws.close(1000);
        resolve(challenge);
      };
      ws.addEventListener("message", (m: MessageEvent) => {
        let json: unknown;
        try {
          json = JSON.parse(String(m.data));
        } catch {
          return;
        }
        const msg = ChannelServerMessageSchema.safeParse(json);
        if (!msg.success) return;
        failures = 0;
        if (msg.data.type === "welcome") {
          const waiting = msg.data.challenges.incoming.filter((c) => !skip.has(c.id));
          opts.log(`channel open: ${waiting.length} challenge(s) waiting`);
          take(waiting.at(-1));
        } else if (msg.data.type === "event" && msg.data.event.kind === "challenge") {
          const c = msg.data.event.challenge;
          if (c.status === "open" && c.to.id === me && !skip.has(c.id)) take(c);
        }
      });
      ws.addEventListener("close", (e: CloseEvent) => {
        clearInterval(ping);
        if (done) return;
        const wait = Math.min(30_000, 1000 * 2 ** failures++);
        opts.log(`channel closed (${e.code}${e.reason ? ` ${e.reason}` : ""}); again in ${wait / 1000} s`);
        setTimeout(open, wait);
      });
    };
    open();
  });
}

/** Serves challenges until `maxMatches` were played (forever with 0); `play` plays one seat and resolves when it is over. */
export async function serveChallenges(opts: AccountOptions, play: (grant: SeatGrant) => Promise<number>): Promise<number> {
  const me = await call(opts, "GET", "/v1/me", (json) => json as { id: string; name: string });
  opts.log(`bot account ${me.name} (${me.id}): waiting for challenges (accepting ${opts.accept === "all" ? "everyone's" : "friends'"})`);
  const answered = new Set<string>();
  let played = 0;
  while (opts.maxMatches === 0 || played < opts.maxMatches) {
    const challenge = await nextChallenge(opts, me.id, answered);
    answered.add(challenge.id);
    const s = challenge.settings;
    opts.log(`challenge ${challenge.id} from ${challenge.from.name}: ${s.preset}, ${s.length} point(s), ${s.timeControl}${s.rated ? ", rated" : ""}`);
    const path = `/v1/challenges/${encodeURIComponent(challenge.id)}`;
    let accepted: AcceptedChallenge;
    try {
      if (!(await welcome(opts, challenge))) {
        await call(opts, "POST", `${path}/decline`, () => null);
        opts.log(`declined: ${challenge.from.name} is not a friend`);
        continue;
      }
      accepted = await call(opts, "POST", `${path}/accept`, (json) => AcceptedChallengeSchema.parse(json));
    } catch (err) {
      // Withdrawn, expired or answered meanwhile: the next one.
      if (err instanceof ApiError && (err.code === "CHALLENGE_CLOSED" || err.code === "CHALLENGE_NOT_FOUND")) {
        opts.log(`too late for ${challenge.id}: ${err.code}`);
        continue;
      }
      throw err;
    }
    opts.log(`accepted: table ${accepted.seat.tableId}`);
    const code = await play(accepted.seat);
    played++;
    if (code !== 0) opts.log(`the match at ${accepted.seat.tableId} did not end normally (${code})`);
    await sleep(0);
  }
  return 0;
}
