/**
 * The rating a seat shows (docs/protocol.md, `Player.rating`): the player's rating in the table's pool (its preset),
 * aged to now and rounded, read from D1 when the seat is taken and kept with the seat. A table never waits on it
 * failing: a D1 error is logged and the seat simply shows no rating.
 */
import type { PresetName } from "../../engine";
import type { SeatRating } from "../../protocol";
import { Db } from "../db";
import { ratingView } from "../identity/profile";
import type { Logger } from "../log";

export async function seatRating(d1: D1Database, playerId: string, pool: PresetName, log: Logger): Promise<SeatRating | undefined> {
  try {
    const now = Date.now();
    const view = ratingView(await new Db(d1).rating(playerId, pool, now), now);
    return { rating: Math.round(view.rating), provisional: view.provisional };
  } catch (error) {
    log.error("reading a seat's rating failed; the seat shows none", error, { playerId });
    return undefined;
  }
}

/** A seat's rating as an optional field (absent when there is none). */
export function ratingField(rating: SeatRating | undefined): { rating?: SeatRating } {
  return rating === undefined ? {} : { rating };
}
