/**
 * The HTTP half of the typed client: tables are created, joined, looked up and listed over plain JSON
 * requests; every answer is parsed with the protocol's schemas before the caller sees it.
 */
import {
  FiledReportSchema,
  OwnReportListSchema,
  type FileReportBody,
  type FiledReport,
  type OwnReport,
  ActionResultSchema,
  DossierSchema,
  LogPageSchema,
  MyStandingSchema,
  PlayerSearchSchema,
  type ActionResult,
  type Dossier,
  type LogPage,
  type ModerationActionKind,
  type MyStanding,
  type PlayerActionInput,
  type PlayerSearch,
  type ReasonInput,
  type RoleInput,
  CooldownSchema,
  type Cooldown,
  CoinBalanceSchema,
  TransferPageSchema,
  type CoinBalance,
  type TransferPage,
  LeaderboardSchema,
  MatchPageSchema,
  MatchRecordSchema,
  PlayerProfileSchema,
  SessionGrantSchema,
  SiteStateSchema,
  type SiteState,
  type Credentials,
  type Leaderboard,
  type MatchPage,
  type MatchRecord,
  type PlayerProfile,
  type SessionGrant,
  DiceStatsSchema,
  EventHistorySchema,
  LobbySnapshotSchema,
  OpenTablesSchema,
  ProblemSchema,
  SeekPoolsSchema,
  SeatGrantSchema,
  TableStatsSchema,
  TableViewSchema,
  type CreateTableBody,
  type DiceStats,
  type EventHistory,
  type JoinTableBody,
  type LobbySnapshot,
  type SeatGrant,
  type SeekPools,
  type TableStats,
  type TableSummary,
  type TableView,
} from "../protocol";
import type { input } from "zod";
import { AnalysisPendingSchema, AnalysisSchema, type Analysis, type AnalysisPending } from "../protocol/analysis";
import { HealthSchema, MetricsReportSchema, type Health, type MetricsPeriod, type MetricsReport } from "../protocol/metrics";
import { ReportQueueSchema, StaffReportSchema, type ReportQueue, type ReportStatus, type ResolveReportBody, type StaffReport } from "../protocol/reports";
import {
  ClaimAnswerSchema,
  IssuedRecoveryCodeSchema,
  RecoveryCodeStateSchema,
  RecoveryGrantSchema,
  type ClaimAnswer,
  type IssuedRecoveryCode,
  type RecoveryBody,
  type RecoveryCodeState,
  type RecoveryGrant,
} from "../protocol/recovery";
import { ChatFilterStateSchema, type ChatFilterState, type SetChatFilterBodySchema, type SetSiteBodySchema } from "../protocol/site";
import {
  AcceptedChallengeSchema,
  BlockListSchema,
  ChallengeListSchema,
  ChallengePolicyBodySchema,
  ChallengeSchema,
  FollowListSchema,
  type AcceptedChallenge,
  type BlockList,
  type Challenge,
  type ChallengeList,
  type ChallengePolicy,
  type ChallengeSettings,
  type FollowList,
} from "../protocol/social";
import { TableConnection } from "./connection";
import { randomHex } from "../protocol";
import { ApiError, clientCode } from "./errors";
import type { ConnectOptions } from "./types";
import { readable } from "./other-releases";

/** A problem body whose code may be newer than this client: read so the refusal still reaches the caller (as BAD_RESPONSE). */
function problemShape(json: unknown): { code: string; detail: string } | null {
  if (typeof json !== "object" || json === null) return null;
  const { code, detail } = json as Record<string, unknown>;
  return typeof code === "string" && typeof detail === "string" ? { code, detail } : null;
}

/** Anything with a zod-like `parse` (keeps the client independent of zod's own types). */
interface Parser<T> {
  parse(data: unknown): T;
}

const AnyJson: Parser<Record<string, unknown>> = {
  parse(data) {
    if (typeof data !== "object" || data === null) throw new Error("expected a JSON object");
    return data as Record<string, unknown>;
  },
};

const AnalysisOrPending: Parser<Analysis | AnalysisPending> = {
  parse: (data) => ((data as { status?: unknown } | null)?.status === "pending" ? AnalysisPendingSchema.parse(data) : AnalysisSchema.parse(data)),
};

const NoContent: Parser<void> = { parse: () => undefined };

// Bodies as a caller writes them (defaults may be left out): zod types only, nothing of zod is imported at run time here.
type SetSiteBody = input<typeof SetSiteBodySchema>;
type SetChatFilterBody = input<typeof SetChatFilterBodySchema>;

export interface ClientOptions {
  /** A session token (POST /v1/players or /v1/sessions): sent as `Authorization: Bearer` to the players' routes and on create/join. */
  session?: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Defaults to the global `WebSocket`; passed on to every connection. */
  WebSocket?: typeof WebSocket;
}

export class NardiClient {
  readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(
    baseUrl: string,
    private readonly options: ClientOptions = {},
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  }

  health(): Promise<Record<string, unknown>> {
    return this.request("GET", "/v1/health", AnyJson);
  }

  /**
   * Creates a table; the creator sits White. The grant's token is shown once: keep it to act for the seat.
   * Without a `clientSeed` the client makes a fresh one (docs/fair-dice.md); so does `joinTable`.
   */
  createTable(body: CreateTableBody): Promise<SeatGrant> {
    return this.request("POST", "/v1/tables", SeatGrantSchema, withClientSeed(body), this.options.session);
  }

  /** Takes the free seat (Black); the match starts at once. TABLE_FULL (409) when it is taken. */
  joinTable(id: string, body: JoinTableBody = {}): Promise<SeatGrant> {
    return this.request("POST", `/v1/tables/${encodeURIComponent(id)}/join`, SeatGrantSchema, withClientSeed(body), this.options.session);
  }

  /** With a seat token, read as that seat (a table without spectators shows its match only to seat holders). */
  getTable(id: string, opts: { token?: string } = {}): Promise<TableView> {
    return this.request("GET", `/v1/tables/${encodeURIComponent(id)}`, TableViewSchema, undefined, opts.token);
  }

  /** Tables waiting for a second player, newest first. */
  async listOpenTables(): Promise<TableSummary[]> {
    return (await this.request("GET", "/v1/tables", OpenTablesSchema)).tables;
  }

  /** Open tables, matches being played now and players online (the lobby feed's snapshot, once). */
  async getLobby(): Promise<LobbySnapshot> {
    return this.request("GET", "/v1/lobby", LobbySnapshotSchema);
  }

  /** Quick match: the pools with someone waiting and how many (with `session`, the caller's own seeks not counted). */
  getSeekPools(): Promise<SeekPools> {
    return this.request("GET", "/v1/seek/pools", SeekPoolsSchema, undefined, this.options.session);
  }

  /**
   * The lobby's live feed: frames are `LobbyMessage`s, or with `diffs` `LobbyFeedMessage`s (a snapshot, then diffs:
   * apply them with `LobbyFeedState`). See docs/protocol.md, The lobby feed.
   */
  lobbySocketUrl(options: { diffs?: boolean } = {}): string {
    const url = new URL(`${this.baseUrl}/v1/lobby/socket`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    if (options.diffs) url.searchParams.set("diffs", "1");
    return url.toString();
  }

  /**
   * The stored event log, in seq order; with `after`, only the events after that seq. Follows the pages to the end.
   * With a seat token, read as that seat (a table without spectators shows its log only to seat holders).
   */
  async getEvents(id: string, after = 0, opts: { token?: string } = {}): Promise<EventHistory> {
    const page = await this.request("GET", `/v1/tables/${encodeURIComponent(id)}/events?after=${after}`, EventHistorySchema, undefined, opts.token);
    if (page.next === null) return page;
    const rest = await this.getEvents(id, page.next, opts);
    return { ...rest, events: [...page.events, ...rest.events] };
  }

  getStats(id: string): Promise<TableStats> {
    return this.request("GET", `/v1/tables/${encodeURIComponent(id)}/stats`, TableStatsSchema);
  }

  // Players (docs/players.md). Routes marked "session" need `session` in the options.

  // Friends, blocks and challenges (docs/friends-and-challenges.md); all need `session`.

  /** Session: whom the player follows (with `friend` when they follow back) and who follows them. */
  follows(): Promise<FollowList> {
    return this.request("GET", "/v1/me/follows", FollowListSchema, undefined, this.options.session);
  }

  follow(playerId: string): Promise<void> {
    return this.request("PUT", `/v1/me/follows/${encodeURIComponent(playerId)}`, NoContent, undefined, this.options.session);
  }

  unfollow(playerId: string): Promise<void> {
    return this.request("DELETE", `/v1/me/follows/${encodeURIComponent(playerId)}`, NoContent, undefined, this.options.session);
  }

  blocks(): Promise<BlockList> {
    return this.request("GET", "/v1/me/blocks", BlockListSchema, undefined, this.options.session);
  }

  block(playerId: string): Promise<void> {
    return this.request("PUT", `/v1/me/blocks/${encodeURIComponent(playerId)}`, NoContent, undefined, this.options.session);
  }

  unblock(playerId: string): Promise<void> {
    return this.request("DELETE", `/v1/me/blocks/${encodeURIComponent(playerId)}`, NoContent, undefined, this.options.session);
  }

  async challengePolicy(): Promise<ChallengePolicy> {
    return (await this.request("GET", "/v1/me/challenge-policy", ChallengePolicyBodySchema, undefined, this.options.session)).policy;
  }

  async setChallengePolicy(policy: ChallengePolicy): Promise<ChallengePolicy> {
    return (await this.request("PUT", "/v1/me/challenge-policy", ChallengePolicyBodySchema, { policy }, this.options.session)).policy;
  }

  /** Session: the open challenges to and from the player. */
  challenges(): Promise<ChallengeList> {
    return this.request("GET", "/v1/challenges", ChallengeListSchema, undefined, this.options.session);
  }

  /** Session: challenges a player (`to`: their id or claimed name). */
  challenge(to: string, settings: ChallengeSettings, expiresInSeconds?: number): Promise<Challenge> {
    const body = { to, settings, ...(expiresInSeconds === undefined ? {} : { expiresInSeconds }) };
    return this.request("POST", "/v1/challenges", ChallengeSchema, body, this.options.session);
  }

  /** Session: accepts a challenge to the player; the answer carries the accepter's seat at the new table. */
  acceptChallenge(id: string): Promise<AcceptedChallenge> {
    return this.request("POST", `/v1/challenges/${encodeURIComponent(id)}/accept`, AcceptedChallengeSchema, undefined, this.options.session);
  }

  declineChallenge(id: string): Promise<Challenge> {
    return this.request("POST", `/v1/challenges/${encodeURIComponent(id)}/decline`, ChallengeSchema, undefined, this.options.session);
  }

  cancelChallenge(id: string): Promise<Challenge> {
    return this.request("POST", `/v1/challenges/${encodeURIComponent(id)}/cancel`, ChallengeSchema, undefined, this.options.session);
  }

  /** The same client acting with another session (or none). */
  withSession(session: string | undefined): NardiClient {
    return new NardiClient(this.baseUrl, { ...this.options, session });
  }

  /** A new guest player and a session for it. */
  createGuest(): Promise<SessionGrant> {
    return this.request("POST", "/v1/players", SessionGrantSchema);
  }

  logIn(credentials: Credentials): Promise<SessionGrant> {
    return this.request("POST", "/v1/sessions", SessionGrantSchema, credentials);
  }

  /** Session: ends this session. */
  logOut(): Promise<void> {
    return this.request("DELETE", "/v1/sessions/current", NoContent, undefined, this.options.session);
  }

  /** Session: ends every session of the player. */
  logOutEverywhere(): Promise<void> {
    return this.request("DELETE", "/v1/sessions", NoContent, undefined, this.options.session);
  }

  /** Session: the session's player. */
  me(): Promise<PlayerProfile> {
    return this.request("GET", "/v1/me", PlayerProfileSchema, undefined, this.options.session);
  }

  /** Session: a guest claims a name with a password; the answer carries the first recovery code (shown once). */
  /** The new member's profile and first recovery code (absent from a server of the release before recovery codes). */
  claim(credentials: Credentials): Promise<ClaimAnswer> {
    return this.request("POST", "/v1/me/claim", ClaimAnswerSchema, credentials, this.options.session);
  }

  /** A forgotten password reset with the recovery code: a fresh session (all others end) and the next code. */
  recover(body: RecoveryBody): Promise<RecoveryGrant> {
    return this.request("POST", "/v1/recovery", RecoveryGrantSchema, body);
  }

  /** Session: whether a recovery code is set (never the code). */
  getRecoveryCodeState(): Promise<RecoveryCodeState> {
    return this.request("GET", "/v1/me/recovery-code", RecoveryCodeStateSchema, undefined, this.options.session);
  }

  /** Session: a new recovery code after the password is checked again; the old code stops working. */
  newRecoveryCode(password: string): Promise<IssuedRecoveryCode> {
    return this.request("POST", "/v1/me/recovery-code", IssuedRecoveryCodeSchema, { password }, this.options.session);
  }

  rename(name: string): Promise<PlayerProfile> {
    return this.request("PATCH", "/v1/me", PlayerProfileSchema, { name }, this.options.session);
  }

  deleteMe(): Promise<void> {
    return this.request("DELETE", "/v1/me", NoContent, undefined, this.options.session);
  }

  /** The site switch (defcon): its level, what it stops now, the operator's note (docs/safety.md). */
  getSite(): Promise<SiteState> {
    return this.request("GET", "/v1/site", SiteStateSchema);
  }

  getPlayer(id: string): Promise<PlayerProfile> {
    return this.request("GET", `/v1/players/${encodeURIComponent(id)}`, PlayerProfileSchema);
  }

  /** A page of the player's matches, newest first; pass the page's `next` as `cursor` for the next one. */
  getPlayerMatches(id: string, page: { cursor?: string; limit?: number } = {}): Promise<MatchPage> {
    return this.request("GET", `/v1/players/${encodeURIComponent(id)}/matches${query(page)}`, MatchPageSchema);
  }

  /** The player's dice in recorded matches: faces, doubles, χ² against fair dice (docs/fair-dice.md). */
  getPlayerDice(id: string): Promise<DiceStats> {
    return this.request("GET", `/v1/players/${encodeURIComponent(id)}/dice`, DiceStatsSchema);
  }

  getMatchRecord(tableId: string): Promise<MatchRecord> {
    return this.request("GET", `/v1/matches/${encodeURIComponent(tableId)}`, MatchRecordSchema, undefined, this.options.session);
  }

  /** The finished match's analysis (docs/analysis.md), or `{status: "pending"}` while it is queued or running. */
  getAnalysis(tableId: string): Promise<Analysis | AnalysisPending> {
    return this.request("GET", `/v1/matches/${encodeURIComponent(tableId)}/analysis`, AnalysisOrPending, undefined, this.options.session);
  }

  getLeaderboard(pool: string, page: { offset?: number; limit?: number } = {}): Promise<Leaderboard> {
    return this.request("GET", `/v1/leaderboards/${encodeURIComponent(pool)}${query(page)}`, LeaderboardSchema);
  }

  /** Session: the player's cooldown after abandoned matches (`until`: its end, or null; docs/fair-play.md). */
  getCooldown(): Promise<Cooldown> {
    return this.request("GET", "/v1/me/cooldown", CooldownSchema, undefined, this.options.session);
  }

  /** Session: the player's Domino Coin balance (any grant due is given first) and the operator's coin settings. */
  getCoins(): Promise<CoinBalance> {
    return this.request("GET", "/v1/coins", CoinBalanceSchema, undefined, this.options.session);
  }

  /** Session: the player's coin transfers, newest first. */
  getCoinTransfers(page: { cursor?: string; limit?: number } = {}): Promise<TransferPage> {
    return this.request("GET", `/v1/coins/transfers${query(page)}`, TransferPageSchema, undefined, this.options.session);
  }

  /** Session: reports a player (docs/reports.md); with `tableId`, the opponent at that table. A repeat answers the open one (`duplicate`). */
  fileReport(body: FileReportBody): Promise<FiledReport> {
    return this.request("POST", "/v1/reports", FiledReportSchema, body, this.options.session);
  }

  /** Session: the player's own reports, newest first, with their status. */
  async myReports(): Promise<OwnReport[]> {
    return (await this.request("GET", "/v1/me/reports", OwnReportListSchema, undefined, this.options.session)).reports;
  }

  /** Session: the player's standing — mute, suspension, the latest warnings (docs/players.md#moderation). */
  getMyStanding(): Promise<MyStanding> {
    return this.request("GET", "/v1/me/standing", MyStandingSchema, undefined, this.options.session);
  }

  // The admin API (docs/moderation.md): a staff session (moderator; admin where noted).

  adminFindPlayers(name: string): Promise<PlayerSearch> {
    return this.request("GET", `/v1/admin/players${query({ name })}`, PlayerSearchSchema, undefined, this.options.session);
  }

  adminGetPlayer(id: string): Promise<Dossier> {
    return this.request("GET", `/v1/admin/players/${encodeURIComponent(id)}`, DossierSchema, undefined, this.options.session);
  }

  /** warn, mute, unmute, suspend, unsuspend, rename; ban and unban need an admin. */
  adminAct(playerId: string, body: PlayerActionInput): Promise<ActionResult> {
    return this.request("POST", `/v1/admin/players/${encodeURIComponent(playerId)}/actions`, ActionResultSchema, body, this.options.session);
  }

  /** Admin: grant or revoke a staff role. */
  adminSetRole(playerId: string, body: RoleInput): Promise<ActionResult> {
    return this.request("POST", `/v1/admin/players/${encodeURIComponent(playerId)}/roles`, ActionResultSchema, body, this.options.session);
  }

  adminCloseTable(tableId: string, body: ReasonInput): Promise<ActionResult> {
    return this.request("POST", `/v1/admin/tables/${encodeURIComponent(tableId)}/close`, ActionResultSchema, body, this.options.session);
  }

  adminReverseMatch(tableId: string, body: ReasonInput): Promise<ActionResult> {
    return this.request("POST", `/v1/admin/matches/${encodeURIComponent(tableId)}/reverse`, ActionResultSchema, body, this.options.session);
  }

  adminRestoreMatch(tableId: string, body: ReasonInput): Promise<ActionResult> {
    return this.request("POST", `/v1/admin/matches/${encodeURIComponent(tableId)}/restore`, ActionResultSchema, body, this.options.session);
  }

  /** The moderation log, newest first; pass the page's `next` as `cursor` for the next one. */
  adminLog(page: { player?: string; action?: ModerationActionKind; cursor?: string; limit?: number } = {}): Promise<LogPage> {
    return this.request("GET", `/v1/admin/log${query(page)}`, LogPageSchema, undefined, this.options.session);
  }

  // The rest of the admin API (docs/reports.md, docs/safety.md, docs/observability.md): a staff session as above.

  /** Staff: the reports queue (open ones oldest first) with the evidence captured at filing. */
  getReportQueue(filter: { status?: ReportStatus; player?: string; limit?: number; offset?: number } = {}): Promise<ReportQueue> {
    return this.request("GET", `/v1/admin/reports${query(filter)}`, ReportQueueSchema, undefined, this.options.session);
  }

  /** Staff: closes a report as handled or dismissed. */
  resolveReport(reportId: string, body: ResolveReportBody): Promise<StaffReport> {
    return this.request("POST", `/v1/admin/reports/${encodeURIComponent(reportId)}/resolve`, StaffReportSchema, body, this.options.session);
  }

  /** Staff: the site switch's level, what it stops and the operator's message. */
  getSiteAdmin(): Promise<SiteState> {
    return this.request("GET", "/v1/admin/site", SiteStateSchema, undefined, this.options.session);
  }

  /** Admin: sets the site switch at once. */
  setSite(body: SetSiteBody): Promise<SiteState> {
    return this.request("PUT", "/v1/admin/site", SiteStateSchema, body, this.options.session);
  }

  /** Staff: the chat filter's operator lists per language, beside the size of each maintained list. */
  getChatFilter(): Promise<ChatFilterState> {
    return this.request("GET", "/v1/admin/chat-filter", ChatFilterStateSchema, undefined, this.options.session);
  }

  /** Admin: replaces one language's operator lists. */
  setChatFilter(body: SetChatFilterBody): Promise<ChatFilterState> {
    return this.request("PUT", "/v1/admin/chat-filter", ChatFilterStateSchema, body, this.options.session);
  }

  /** Staff: the counters per hour or per UTC day since `since` (epoch ms), and the figures of the moment. */
  getMetrics(q: { period?: MetricsPeriod; since?: number } = {}): Promise<MetricsReport> {
    return this.request("GET", `/v1/admin/metrics${query(q)}`, MetricsReportSchema, undefined, this.options.session);
  }

  /** The server's health: D1 and the outbox backlog. Answered 200 when every check passed, 503 (same body) when not. */
  async getHealth(): Promise<Health> {
    const res = await this.fetchImpl(`${this.baseUrl}/v1/health`, { headers: { accept: "application/json" } });
    if (res.status !== 200 && res.status !== 503) throw new ApiError(res.status, `HTTP_${res.status}`, (await res.text()).slice(0, 200));
    try {
      return HealthSchema.parse(await res.json());
    } catch (err) {
      throw new ApiError(res.status, "BAD_RESPONSE", `GET /v1/health: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The OpenAPI 3.1 document of the HTTP API. */
  openApi(): Promise<Record<string, unknown>> {
    return this.request("GET", "/v1/openapi.json", AnyJson);
  }

  /**
   * The WebSocket URL of a table (ws:// for http://, wss:// for https://), with the optional seq. A seat token
   * belongs in the subprotocols (`socketProtocols`), as `connect` does; `token` here puts it in the URL the
   * deprecated way, for old servers and tests of it.
   */
  socketUrl(tableId: string, opts: { token?: string; seq?: number } = {}): string {
    const url = new URL(`${this.baseUrl}/v1/tables/${encodeURIComponent(tableId)}/socket`);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    if (opts.token !== undefined) url.searchParams.set("token", opts.token);
    if (opts.seq !== undefined) url.searchParams.set("seq", String(opts.seq));
    return url.toString();
  }

  /** Opens a live connection: a seat's with its token, a spectator's without. It reconnects by itself. */
  connect(tableId: string, opts: ConnectOptions = {}): TableConnection {
    const WebSocketImpl = opts.WebSocket ?? this.options.WebSocket;
    return new TableConnection((seq) => this.socketUrl(tableId, { seq }), {
      ...opts,
      ...(WebSocketImpl ? { WebSocket: WebSocketImpl } : {}),
    });
  }

  private async request<T>(method: string, path: string, parser: Parser<T>, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const init: RequestInit = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
    const res = await this.fetchImpl(`${this.baseUrl}${path}`, init);
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
      const newer = problemShape(json);
      if (newer) {
        const { code, text: detail } = clientCode(newer.code, newer.detail);
        throw new ApiError(res.status, code, detail);
      }
      throw new ApiError(res.status, `HTTP_${res.status}`, text.slice(0, 200));
    }
    try {
      return parser.parse(readable(json));
    } catch (err) {
      throw new ApiError(res.status, "BAD_RESPONSE", `${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
}

/** The fair dice' client seed: the caller's, or 16 fresh random bytes as hex. */
function withClientSeed<B extends { clientSeed?: string | undefined }>(body: B): B {
  return { ...body, clientSeed: body.clientSeed ?? randomHex(16) };
}
