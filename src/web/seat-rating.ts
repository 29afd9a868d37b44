/**
 * A player's rating where players choose an opponent (the lobby's lists, the player bars at the table): the number,
 * marked "?" while provisional, with the words in its title; and the mark of a rated table.
 */
import type { SeatRating } from "../protocol";
import { h } from "./dom";
import { t } from "./i18n";

/** "1500" or "1500?" (provisional), titled (with `who`'s name first when given); nothing when the seat shows no rating. */
export function ratingBadge(rating: SeatRating | undefined, testid: string, who?: string): HTMLElement | null {
  if (!rating) return null;
  const text = `${rating.rating}${rating.provisional ? "?" : ""}`;
  // As a string: a rating is written as the number shown, never with a thousands separator ("1500", not "1,500").
  const words = rating.provisional ? t("rating.provisionalTitle", { rating: String(rating.rating) }) : t("rating.title", { rating: String(rating.rating) });
  const title = who === undefined ? words : `${who}: ${words}`;
  return h("span", { class: `rating${rating.provisional ? " provisional" : ""}`, "data-testid": testid, "data-provisional": String(rating.provisional), title }, text);
}

/** The mark of a rated table in a list; nothing for a casual one. */
export function ratedBadge(rated: boolean, testid: string): HTMLElement | null {
  return rated ? h("span", { class: "badge rated", "data-testid": testid, title: t("lobby.rated") }, t("lobby.badge.rated")) : null;
}
