/**
 * What the edge checks before a request reaches a match object: who the client is (its address, for the
 * per-client limits of wrangler.toml's Rate Limiting bindings), and which seat token it carries — as
 * `Authorization: Bearer <token>` over HTTP, as the `token.<token>` WebSocket subprotocol (or, deprecated, `?token=`)
 * on a socket upgrade.
 */
import { SOCKET_PROTOCOL, SOCKET_PROTOCOL_V1, TOKEN_PROTOCOL_PREFIX } from "../protocol";
import type { Env } from "./env";
import { sha256Hex } from "./ids";
import { requestLog } from "./log";
import { HttpRefusal, refuse, type Outcome } from "./problem";

/** The client's address as Cloudflare reports it; "unknown" when there is none (only local tests and internal calls). */
function clientKey(request: Request): string {
  return request.headers.get("cf-connecting-ip")?.trim() || "unknown";
}

/** The operator's RATE_LIMIT_EXEMPT list names this client: no rate limits, no cap on its listed tables. */
function exemptFromLimits(env: Env, request: Request): boolean {
  const key = clientKey(request);
  return (env.RATE_LIMIT_EXEMPT ?? "").split(",").some((entry) => entry.trim() === key);
}

/**
 * Who the lobby counts a new table against (its cap on tables listed per client): a hash of the client's address,
 * so the lobby never stores addresses; an exempt client's tables each count alone.
 */
export async function listingClient(env: Env, request: Request, tableId: string): Promise<string> {
  return exemptFromLimits(env, request) ? `exempt:${tableId}` : sha256Hex(clientKey(request));
}

type LimitName = "CREATE_LIMIT" | "JOIN_LIMIT" | "SOCKET_LIMIT" | "SEEK_LIMIT" | "GUEST_LIMIT" | "CLAIM_LIMIT";

/**
 * Counts one action of this client against the named limiter; over the limit it throws 429 RATE_LIMITED with
 * `Retry-After`. The binding does not say when its window ends: 60 s, the longest period it allows, is an upper
 * bound. A limiter that fails lets the request through (logged): an outage of the limiter is not one of the game.
 */
export async function limitClient(env: Env, name: LimitName, request: Request): Promise<void> {
  if (exemptFromLimits(env, request)) return;
  let success = true;
  try {
    ({ success } = await env[name].limit({ key: clientKey(request) }));
  } catch (error) {
    requestLog(request).error(`rate limiter ${name} failed; letting the request through`, error);
  }
  if (!success) {
    const what = {
      CREATE_LIMIT: "tables created",
      JOIN_LIMIT: "joins",
      SOCKET_LIMIT: "socket connections",
      SEEK_LIMIT: "quick-match seeks",
      GUEST_LIMIT: "guests created",
      CLAIM_LIMIT: "name claims",
    }[name];
    throw new HttpRefusal("RATE_LIMITED", `too many ${what} from this address; try again later`, 429, { "retry-after": "60" });
  }
}

/** The seat token of `Authorization: Bearer <token>`, undefined without the header; a malformed header is BAD_TOKEN. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  if (header === null) return undefined;
  const match = /^Bearer +([\x21-\x7e]{1,128})$/i.exec(header.trim());
  if (!match?.[1]) throw new HttpRefusal("BAD_TOKEN", "Authorization must be `Bearer <seat token>`");
  return match[1];
}

interface SocketCredentials {
  /** The seat token offered, undefined for a spectator. An empty one holds no seat (BAD_TOKEN). */
  token: string | undefined;
  /** The subprotocol the server answers with: `nardi.v2` (or the deprecated `nardi.v1`) when the client offered subprotocols, else null. */
  protocol: string | null;
  /** The plays are sent compact (`nardi.v2`), not written out (`nardi.v1`, or no subprotocol: the clients from before v2). */
  compactPlays: boolean;
}

/**
 * The seat token of a socket upgrade: from the `token.<token>` subprotocol (offered with `nardi.v2` or the deprecated
 * `nardi.v1`; v2 wins when both are), or from the deprecated `?token=` query parameter; both at once, or subprotocols
 * without either version, are BAD_REQUEST.
 */
export function socketCredentials(request: Request): Outcome<SocketCredentials> {
  const query = new URL(request.url).searchParams.get("token") ?? undefined;
  const header = request.headers.get("sec-websocket-protocol");
  if (header === null) return { ok: true, value: { token: query, protocol: null, compactPlays: false } };
  const offered = header.split(",").map((p) => p.trim());
  const protocol = [SOCKET_PROTOCOL, SOCKET_PROTOCOL_V1].find((p) => offered.includes(p));
  if (!protocol) return refuse("BAD_REQUEST", `Sec-WebSocket-Protocol must offer ${SOCKET_PROTOCOL} (or the deprecated ${SOCKET_PROTOCOL_V1})`);
  const tokens = offered.filter((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX)).map((p) => p.slice(TOKEN_PROTOCOL_PREFIX.length));
  if (tokens.length > 1 || (tokens.length === 1 && query !== undefined)) {
    return refuse("BAD_REQUEST", "give the seat token once: one token.<token> subprotocol, or (deprecated) ?token=");
  }
  const token = tokens[0] ?? query;
  if (token !== undefined && token.length > 128) return refuse("BAD_REQUEST", "a seat token has at most 128 characters");
  return { ok: true, value: { token, protocol, compactPlays: protocol === SOCKET_PROTOCOL } };
}
