/**
 * Sessions this isolate has read from D1 lately (docs/scale.md, Authentication): token hash → player, each kept
 * for `SESSION_CACHE_TTL_MS` after the read that found it began, at most `SESSION_CACHE_MAX` of them (the least
 * recently used goes first). A session ended, banned, renamed or deleted is forgotten at once in the isolate that
 * did it (`forgetPlayerSessions`, `forgetSession`); every other isolate reads D1 again within the TTL. Routes that
 * must see the present (staff checks, claim, rename, delete, password changes) never read from here.
 */
import type { TokenScope } from "../../protocol";
import type { PlayerRow } from "../db";
import type { Env } from "../env";

/** Default of `SESSION_CACHE_TTL_MS`: how long a revocation may take to reach every other isolate. */
export const SESSION_CACHE_DEFAULT_TTL_MS = 15_000;
/** Sessions one isolate keeps (a row is well under 1 KB: a few MB at most of the isolate's 128 MB). */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  player: PlayerRow;
  expires: number;
  /** An API token's scopes (../identity/tokens.ts); absent for a session. */
  scopes?: readonly TokenScope[];
}

export class SessionCache {
  /** Map order is use order: the first entry is the least recently used. */
  readonly #entries = new Map<string, Entry>();
  readonly #byPlayer = new Map<string, Set<string>>();
  #forgets = 0;

  constructor(readonly max: number) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Taken before a D1 read: `remember` keeps its answer only if nothing was forgotten meanwhile. */
  get mark(): number {
    return this.#forgets;
  }

  /** The cached player of a session, or null (unknown or expired; an expired entry goes). */
  player(tokenHash: string, now: number): PlayerRow | null {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return null;
    if (entry.expires <= now) {
      // Its time ran out; nothing was revoked, so reads of other sessions under way are still kept.
      this.#drop(tokenHash);
      return null;
    }
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return entry.player;
  }

  /** The scopes cached with an API token (read after `player` found it); undefined for a session. */
  scopes(tokenHash: string): readonly TokenScope[] | undefined {
    return this.#entries.get(tokenHash)?.scopes;
  }

  /**
   * Keeps a session (or an API token, with its scopes) read from D1 until `expires`. A read that began before a
   * forget (`mark` moved on) may hold what the forget ended, so it is not kept.
   */
  remember(tokenHash: string, player: PlayerRow, expires: number, mark: number, scopes?: readonly TokenScope[]): void {
    if (mark !== this.#forgets || this.max <= 0) return;
    this.#drop(tokenHash);
    this.#entries.set(tokenHash, scopes === undefined ? { player, expires } : { player, expires, scopes });
    let tokens = this.#byPlayer.get(player.id);
    if (!tokens) this.#byPlayer.set(player.id, (tokens = new Set()));
    tokens.add(tokenHash);
    while (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
  }

  forgetSession(tokenHash: string): void {
    this.#forgets++;
    this.#drop(tokenHash);
  }

  /** A session D1 no longer has: dropped, without holding back reads of other sessions under way. */
  discard(tokenHash: string): void {
    this.#drop(tokenHash);
  }

  forgetPlayer(playerId: string): void {
    this.#forgets++;
    for (const tokenHash of this.#byPlayer.get(playerId) ?? []) this.#entries.delete(tokenHash);
    this.#byPlayer.delete(playerId);
  }

  #drop(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return;
    this.#entries.delete(tokenHash);
    const tokens = this.#byPlayer.get(entry.player.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#byPlayer.delete(entry.player.id);
  }
}

/** The isolate's cache (module state lives as long as the isolate). */
export const sessionCache = new SessionCache(SESSION_CACHE_MAX);

/** `SESSION_CACHE_TTL_MS` (`[vars]`): milliseconds, 0 = no cache (every request reads D1). */
export function sessionCacheTtl(env: Pick<Env, "SESSION_CACHE_TTL_MS">): number {
  const raw = env.SESSION_CACHE_TTL_MS;
  if (raw === undefined || raw.trim() === "") return SESSION_CACHE_DEFAULT_TTL_MS;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : SESSION_CACHE_DEFAULT_TTL_MS;
}

/**
 * THE way to end a player's cached sessions in this isolate: call it after any D1 write that ends their sessions
 * or changes what a session's player row says (sign-out everywhere, ban, rename, claim, delete, password reset).
 * Other isolates see the change within `SESSION_CACHE_TTL_MS`.
 */
export function forgetPlayerSessions(playerId: string): void {
  sessionCache.forgetPlayer(playerId);
}

/** One session ended (sign-out) or API token revoked: forgotten in this isolate at once. */
export function forgetSession(tokenHash: string): void {
  sessionCache.forgetSession(tokenHash);
}
