/**
 * What a match object tells the lobby about its match in progress (the lobby's "playing now" list and its count
 * of players online): at the start, whenever a human seat comes or goes, and at the end. Like every lobby update it
 * never makes the match wait (`tellLobby`).
 */
import type { PlayingSummary } from "../../protocol";
import type { RoomCore } from "./core";
import { SIDES, type Room } from "./table";

/** Human seats the log calls here (a bot is nobody online). */
function present(room: Room): number {
  return SIDES.filter((side) => {
    const seat = room.info.seats[side];
    return seat?.kind === "human" && seat.seen === true && !seat.away;
  }).length;
}

/** Reports `after` to the lobby when the match started, ended, a human seat came or went, or a seat was renamed since `before`. */
export function reportPlaying(core: RoomCore, before: Room | null, after: Room): void {
  const was = before?.info.status === "playing";
  const is = after.info.status === "playing";
  if (!was && !is) return;
  const { id } = after.info;
  if (!is) {
    core.tellLobby((lobby) => lobby.playing(id, null));
    return;
  }
  const here = present(after);
  // A rename (moderation) changes a seat's name mid-match: reported like a presence change.
  const sameNames = SIDES.every((side) => before?.info.seats[side]?.name === after.info.seats[side]?.name);
  if (was && before && present(before) === here && sameNames) return;
  const summary: PlayingSummary = {
    id,
    ruleset: after.info.ruleset,
    length: after.info.length,
    white: after.info.seats.white?.name ?? "",
    black: after.info.seats.black?.name ?? "",
    startedAt: Date.now(), // the lobby keeps the first report's
    rated: after.info.rated ?? false,
    ...(after.info.seats.white?.rating ? { whiteRating: after.info.seats.white.rating } : {}),
    ...(after.info.seats.black?.rating ? { blackRating: after.info.seats.black.rating } : {}),
  };
  const listed = after.info.spectators && after.info.inviteHash == null;
  core.tellLobby((lobby) => lobby.playing(id, { summary, listed, present: here }));
}
