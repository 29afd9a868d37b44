/**
 * The typed client for third-party programs (the web page, bots, tests): `NardiClient` for the HTTP
 * routes, `TableConnection` for a table's WebSocket, `LobbyFeedConnection` and `SeekConnection` for the lobby feed
 * and quick match. Published as the `@nardi/client` package (docs/client.md). Runs in browsers and Node 22 with the global
 * `fetch` and `WebSocket`; it has no rules of its own and plays what the server lists as legal.
 */
export { NardiClient, type ClientOptions } from "./http";
export { TableConnection, socketProtocols } from "./connection";
export type { Command, CommandOptions, ConnectOptions, ConnectionEvents, ConnectionStatus, PlayInput } from "./types";
export { ApiError, CommandError, type ClientErrorCode } from "./errors";
export { remainingTime, type SideTime } from "./clock";
export { LobbyFeedState, type FeedStep } from "./lobby-feed";
export { PROTOCOL_VERSION } from "../protocol/version";
export { LobbyFeedConnection, type LobbyFeedHandlers, type LobbyFeedOptions } from "./lobby-socket";
export { SeekConnection, seekSocketUrl, type SeekEnd, type SeekHandlers, type SeekOptions, type SeekPaired, type SeekSeeking } from "./seek";
export type {
  AckMessage,
  ClockView,
  CoinBalance,
  Cooldown,
  StakeView,
  Transfer,
  TransferPage,
  CreateTableBody,
  ErrorMessage,
  FileReportBody,
  FiledReport,
  OwnReport,
  ReportReason,
  EventHistory,
  JoinTableBody,
  LobbyFeedMessage,
  LobbyMessage,
  LobbySnapshot,
  ClientMessage,
  ServerMessage,
  SeekChoice,
  SeekServerMessage,
  PlayingSummary,
  Credentials,
  Leaderboard,
  LegalPlayView,
  LoggedEvent,
  MatchPage,
  MatchRecord,
  MatchSummary,
  PlayerProfile,
  Rating,
  SessionGrant,
  Role,
  SeatGrant,
  TableStats,
  TableSummary,
  TableView,
  TimeControlView,
  UpdateMessage,
  WelcomeMessage,
} from "../protocol";
