/**
 * The screen while the opponent's move is shown (./animate.ts): the status line says who is moving with which dice
 * (the move itself is told once its show ends), and no clock is shown running. The server's clock already runs for
 * the side to act now, from the moment the turn passed; once the show ends that side's clock is shown running with
 * the time already used taken off (docs/protocol.md, "Showing the opponent's move and the clock").
 */
import type { TableView } from "../protocol";
import type { Beat } from "./animate";
import { sideName } from "./describe";
import { t } from "./i18n";

/** The status line for a beat of the show: the side moving and its dice. */
export function showingStatus(beat: Beat): string {
  if (!beat.diceSide) return t("table.status.showingHand");
  const dice = beat.dice ? `${beat.dice[0]}-${beat.dice[1]}` : "";
  return t("table.status.moving", { side: sideName(beat.diceSide), dice });
}

/** The table as the clocks are drawn: while a move is shown, no clock is marked running. */
export function clockShown(table: TableView, showing: boolean): TableView {
  if (!showing || !table.clock) return table;
  return { ...table, clock: { ...table.clock, running: null } };
}
