/**
 * The turn the seated player is building, kept across renders: the roll's TurnBuilder (./turn.ts) and the checker
 * picked. No DOM: ./game.ts feeds it the places chosen by click, drag or the picker's buttons, and draws from it.
 */
import type { Side } from "../engine/types";
import type { LegalPlayView, TableView } from "../protocol";
import { mayPlay } from "./screen";
import { TurnBuilder, type StepChoice } from "./turn";

export class TurnChoice {
  /** The turn being built; null while the viewer may not play. */
  turn: TurnBuilder | null = null;
  /** The checker picked (own point, BAR for the bar), waiting for its destination. */
  selected: number | null = null;
  private key = "";

  /**
   * Follows the server: a fresh turn for each roll's legal plays, the same one (with the steps chosen so far) while
   * they stay the same, e.g. across a reconnect.
   */
  sync(table: TableView, me: Side | null, plays: readonly LegalPlayView[] | null): void {
    const m = table.match;
    if (!me || !m || !mayPlay(table, me) || !plays) {
      this.turn = null;
      this.key = "";
      this.selected = null;
      return;
    }
    const key = `${table.id}|${m.hand}|${m.dice?.join("-")}|${JSON.stringify(m.board)}|${plays.map((p) => p.play).join(";")}`;
    if (key === this.key && this.turn) return;
    this.key = key;
    this.turn = new TurnBuilder(plays, me, table.ruleset.variant, m.board);
    this.selected = null;
  }

  /**
   * A place chosen: with a checker picked and `own` one of its destinations, the checker goes there ("moved");
   * else `own` is picked when a checker there may move (choosing it again puts it back), or the pick is cleared.
   */
  choose(own: number): "moved" | "picked" | "cleared" {
    const turn = this.turn;
    if (!turn) return "cleared";
    if (this.selected !== null && turn.destinations(this.selected).some((d) => d.to === own)) {
      turn.move(this.selected, own);
      this.selected = null;
      return "moved";
    }
    this.selected = turn.sources().includes(own) && this.selected !== own ? own : null;
    return this.selected === null ? "cleared" : "picked";
  }

  /** A checker on `own` may be picked up now (to drag it). */
  canPick(own: number): boolean {
    return this.turn !== null && this.turn.sources().includes(own);
  }

  /** Takes back what the last click did. */
  undo(): void {
    this.turn?.undo();
    this.selected = null;
  }

  /** Back to the roll's start (the server refused the play). */
  reset(): void {
    this.turn?.reset();
    this.selected = null;
  }

  /** The play to send once the chosen steps make one: its steps in the server's order, or "" to pass. */
  play(): StepChoice[] | "" | null {
    const done = this.turn?.complete();
    if (!done) return null;
    const steps = done.steps.map(({ from, to }) => ({ from, to }));
    return steps.length > 0 ? steps : "";
  }
}
