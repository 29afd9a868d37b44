import type { Catalogue } from "./types";

/** Georgian. Keys and placeholders as in ./en.ts. */
export const ka: Catalogue = {
  // ── common ──
  "app.name": "ნარდი",
  "common.backToLobby": "ლობიში დაბრუნება",
  "common.points": { one: "{count} ქულა", other: "{count} ქულა" },

  // ── lobby ──

  // ── table (the play screen) ──

  // ── players, profiles, leaderboards ──

  // ── coins (issue 10) ──

  // ── quick match (issue 11) ──

  // ── replays and exports (issue 12) ──

  // ── fair dice (issue 12) ──

  // ── chat (issue 14) ──

  // ── rules and glossary ──

  // ── errors ──
};
