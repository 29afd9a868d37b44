/**
 * The table screen: the live board for a seat or a spectator. Everything shown comes from the server's
 * table view, its event log and its legal plays (through the typed client); the page only builds the
 * turn out of the server's legal plays and sends it when the player confirms.
 */
import { fromAbsolute, opponent, toAbsolute } from "../engine/position";
import { BAR, OFF, type Side } from "../engine/types";
import type { NardiClient, TableConnection, TableView } from "../client";
import type { LegalPlayView } from "../protocol";
import { renderBoard, type Slot } from "./board";
import { enableDrag } from "./drag";
import { replayLink } from "./replay";
import { describeEvent, handResultText, lastResults, matchResultText, points, rulesetLabel, sideName } from "./describe";
import { button, clear, confirmDialog, h } from "./dom";
import { burnedNotice, connectionText, renderClock, renderPlayerLine, renderShare, statusText } from "./panels";
import { forgetSeat, type StoredSeat } from "./store";
import { TurnBuilder } from "./turn";

export interface GameOptions {
  api: NardiClient;
  tableId: string;
  /** The seat this browser holds at the table; null to watch. */
  seat: StoredSeat | null;
  /** Where the page's own connection state is shown (the header). */
  connectionEl: HTMLElement;
}

/** Mounts the table screen into `root`; returns the clean-up to run when leaving it. */
export function mountGame(root: HTMLElement, opts: GameOptions): () => void {
  const { api, tableId, seat, connectionEl } = opts;
  const conn: TableConnection = api.connect(tableId, {
    token: seat?.token,
    seq: 0, // the whole log: the page shows every hand result and the game log
    pingIntervalMs: 20_000,
    // Keep trying for as long as a reconnect window can last (backoff tops out at a few seconds).
    maxReconnectAttempts: 1000,
  });
  let turn: TurnBuilder | null = null;
  let turnKey = "";
  let selected: number | null = null;
  let busy = false;
  let errorText = "";

  clear(root);
  const header = h("div", { class: "table-info muted", "data-testid": "table-info" }, "Connecting…");
  const share = h("section", { class: "card links", "data-testid": "share", hidden: true });
  const topPlayer = h("div", { class: "player" });
  const bottomPlayer = h("div", { class: "player" });
  const boardBox = h("div", { class: "board-box" });
  const scoreEl = h("div", { class: "scoreline", "data-testid": "score" });
  const statusEl = h("div", { class: "status", "data-testid": "status", role: "status", "aria-live": "polite" });
  const errorEl = h("div", { class: "error", "data-testid": "error" });
  const noticeEl = h("div", { class: "banner notice", "data-testid": "notice", hidden: true });
  const controls = h("div", { class: "controls", "data-testid": "controls" });
  const handBanner = h("div", { class: "banner", "data-testid": "hand-result", hidden: true });
  const matchBanner = h("div", { class: "banner match", "data-testid": "match-result", hidden: true });
  const replayLinkEl = replayLink(tableId);
  const legend = h("p", { class: "legend", "data-testid": "legend" });
  const log = h("ol", { class: "log", "data-testid": "log", reversed: true });
  const view = h("div", { class: "table-view", "data-testid": "table", "data-table-id": tableId });
  root.append(view);
  // The share links sit at the top while the creator waits for an opponent, and below the game once it runs
  // (on a phone the board, status and buttons then fit on the first screen).
  const shareTop = h("div", { class: "share-slot" });
  const shareBottom = h("div", { class: "share-slot" });
  view.append(
    header,
    shareTop,
    h("div", { class: "players" }, topPlayer),
    boardBox,
    h("div", { class: "players" }, bottomPlayer),
    scoreEl,
    matchBanner,
    replayLinkEl,
    handBanner,
    noticeEl,
    statusEl,
    errorEl,
    controls,
    legend,
    shareBottom,
    h("details", { open: true }, h("summary", {}, "Game log"), log),
  );

  const role = (): Side | "spectator" => (conn.role === "white" || conn.role === "black" ? conn.role : "spectator");
  const mySide = (): Side | null => {
    const r = role();
    return r === "spectator" ? null : r;
  };

  /** Keeps the turn being built while the server's legal plays stay the same (e.g. across a reconnect). */
  function syncTurn(t: TableView): void {
    const me = mySide();
    const m = t.match;
    const plays: LegalPlayView[] | null = conn.legalPlays;
    if (!me || !m || m.phase !== "moving" || m.turn !== me || !plays) {
      turn = null;
      turnKey = "";
      selected = null;
      return;
    }
    const key = `${t.id}|${m.hand}|${m.dice?.join("-")}|${JSON.stringify(m.board)}|${plays.map((p) => p.play).join(";")}`;
    if (key === turnKey && turn) return;
    turnKey = key;
    turn = new TurnBuilder(plays, me, t.ruleset.variant, m.board);
    selected = null;
  }

  function slotToOwn(slot: Slot, me: Side, t: TableView): number | null {
    if (slot === `bar-${me}`) return BAR;
    if (slot === `off-${me}`) return OFF;
    const abs = Number(slot);
    if (!Number.isInteger(abs) || abs < 1 || abs > 24) return null;
    return fromAbsolute(t.ruleset.variant, me, abs);
  }

  function ownToSlot(own: number, me: Side, t: TableView): Slot {
    if (own === BAR) return `bar-${me}`;
    if (own === OFF) return `off-${me}`;
    return String(toAbsolute(t.ruleset.variant, me, own));
  }

  function onSlot(slot: Slot): void {
    const t = conn.table;
    const me = mySide();
    if (!turn || !t || !me || busy) return;
    const own = slotToOwn(slot, me, t);
    if (own === null) return;
    if (selected !== null && turn.destinations(selected).some((d) => d.to === own)) {
      turn.move(selected, own);
      selected = null;
    } else if (turn.sources().includes(own)) {
      selected = selected === own ? null : own;
    } else {
      selected = null;
    }
    errorText = "";
    render();
  }

  async function command(what: () => Promise<unknown>): Promise<void> {
    busy = true;
    errorText = "";
    render();
    try {
      await what();
    } catch (err) {
      errorText = err instanceof Error ? err.message : String(err);
      turn?.reset();
      selected = null;
    } finally {
      busy = false;
      render();
    }
  }

  function confirmPlay(): void {
    const play = turn?.complete();
    if (!play) return;
    const steps = play.steps.map(({ from, to }) => ({ from, to }));
    void command(() => conn.play(steps.length > 0 ? steps : ""));
  }

  async function ask(text: string, ok: string, then: () => Promise<unknown>): Promise<void> {
    if (await confirmDialog(text, ok)) await command(then);
  }

  function renderControls(t: TableView): void {
    clear(controls);
    const m = t.match;
    const me = mySide();
    if (m?.phase === "over" || t.status === "over") {
      controls.append(button("Back to the lobby", "lobby", () => (location.hash = "#/")));
      return;
    }
    if (!me || !m) return;
    const myTurn = m.turn === me;
    if (myTurn && m.phase === "awaiting-roll") {
      const roll = button("Roll", "roll", () => void command(() => conn.roll()), "primary");
      roll.disabled = busy;
      controls.append(roll);
      if (m.canDouble.includes(me)) {
        const dbl = button(`Double to ${m.cube.value * 2}`, "double", () =>
          void ask(`Offer a double: the hand will count ${m.cube.value * 2}×. Your opponent can take or drop.`, "Double", () => conn.double()),
        );
        dbl.disabled = busy;
        controls.append(dbl);
      }
    }
    if (myTurn && m.phase === "moving" && turn) {
      const undo = button("Undo", "undo", () => {
        turn?.undo();
        selected = null;
        render();
      });
      undo.disabled = busy || !turn.canUndo;
      const ok = button(turn.burned ? "Pass (no move)" : "Confirm move", "confirm", confirmPlay, "primary");
      ok.disabled = busy || turn.complete() === null;
      controls.append(undo, ok);
    }
    if (m.phase === "cube-offered" && m.cubeOffer?.to === me) {
      const value = m.cube.value * 2;
      const take = button(`Take (${value})`, "take", () =>
        void ask(`Take the double? The hand will be played for ${value}× and the cube becomes yours.`, "Take", () => conn.take()),
      );
      const drop = button("Drop", "drop", () =>
        void ask(`Drop? You lose this hand for ${points(m.cube.value)}.`, "Drop", () => conn.drop()),
        "danger",
      );
      take.disabled = drop.disabled = busy;
      controls.append(take, drop);
    }
    if (t.ruleset.cube && t.length > 1) {
      // "Auto-roll when I'd only roll": the server then rolls for me even when I could double.
      const auto = h("input", { type: "checkbox", "data-testid": "auto-roll" });
      auto.checked = t.players[me]?.autoRoll === true;
      auto.disabled = busy;
      auto.addEventListener("change", () => void command(() => conn.setAutoRoll(auto.checked)));
      controls.append(h("label", { class: "auto-roll" }, auto, " Roll for me when I'd only roll"));
    }
    const resign = button("Resign", "resign", () =>
      void ask("Resign the whole match? Your opponent is awarded the points still needed to win it.", "Resign", () => conn.resign()),
      "danger",
    );
    resign.disabled = busy;
    controls.append(resign);
  }

  /** The log only grows: add the new events at the top (newest first) instead of rebuilding it. */
  let loggedSeq = 0;
  function renderLog(): void {
    for (const e of conn.events) {
      if (e.seq <= loggedSeq) continue;
      loggedSeq = e.seq;
      const text = describeEvent(e.event);
      if (text) log.prepend(h("li", { "data-seq": e.seq, "data-type": e.event.type }, text));
    }
  }

  function render(): void {
    const t = conn.table;
    view.setAttribute("data-busy", String(busy));
    view.setAttribute("data-status", conn.status);
    if (!t) {
      renderConnection();
      return;
    }
    syncTurn(t);
    // State in attributes, so tests (and scripts) can wait for the page without parsing text.
    view.setAttribute("data-seq", String(conn.seq));
    view.setAttribute("data-role", role());
    view.setAttribute("data-table-status", t.status);
    view.setAttribute("data-phase", t.match?.phase ?? "");
    view.setAttribute("data-turn", t.match?.turn ?? "");
    const me = mySide();
    const viewer: Side = me ?? "white";
    const m = t.match;
    header.textContent = `${rulesetLabel(t)}${me ? ` · you play ${sideName(me)}` : " · watching"}`;
    renderShare(share, t, me, seat?.invite ?? null);
    const slot = t.status === "waiting" ? shareTop : shareBottom;
    if (share.parentElement !== slot) slot.append(share);
    const times = conn.remainingTime();
    renderPlayerLine(topPlayer, opponent(viewer), t, me, times?.[opponent(viewer)] ?? null);
    renderPlayerLine(bottomPlayer, viewer, t, me, times?.[viewer] ?? null);
    const board = turn ? turn.board : (m?.board ?? null);
    clear(boardBox);
    if (board) {
      const variant = t.ruleset.variant;
      const sources = new Set<Slot>();
      const destinations = new Set<Slot>();
      if (turn && me) {
        for (const own of turn.sources()) sources.add(ownToSlot(own, me, t));
        if (selected !== null) for (const d of turn.destinations(selected)) destinations.add(ownToSlot(d.to, me, t));
      }
      const cubeInPlay = t.ruleset.cube && t.length > 1;
      boardBox.append(
        renderBoard({
          variant,
          board,
          viewer,
          dice: m?.dice ?? null,
          diceSide: m?.dice ? m.turn : null,
          usedDice: turn && m?.dice ? turn.usedDice(m.dice) : undefined,
          cube: cubeInPlay && m ? { value: m.cube.value, owner: m.cube.owner } : null,
          sources,
          destinations,
          selected: selected !== null && me ? ownToSlot(selected, me, t) : null,
          onSlot,
        }),
      );
    }
    scoreEl.textContent = m
      ? `Score: White ${m.score.white} – ${m.score.black} Black · match to ${points(t.length)}` +
        `${t.ruleset.cube && t.length > 1 ? ` · cube ${m.cube.value}${m.cube.owner ? ` (${sideName(m.cube.owner)})` : " (middle)"}` : ""}` +
        `${m.crawford ? " · Crawford hand" : ""} · hand ${m.hand}`
      : `Match to ${points(t.length)}`;
    const results = lastResults(conn.events);
    handBanner.hidden = results.hand === null;
    handBanner.textContent = results.hand ? handResultText(results.hand) : "";
    if (results.hand) handBanner.setAttribute("data-kind", results.hand.result.kind);
    matchBanner.hidden = results.match === null;
    matchBanner.textContent = results.match ? matchResultText(results.match) : "";
    replayLinkEl.hidden = role() !== "spectator" && results.match === null;
    const burned = burnedNotice(conn.events, me);
    noticeEl.hidden = burned === null;
    noticeEl.textContent = burned ?? "";
    statusEl.textContent = statusText(t, me, turn, selected);
    const myMove =
      me !== null && m !== null && (m.phase === "cube-offered" ? m.cubeOffer?.to === me : m.phase !== "over" && m.turn === me);
    document.title = myMove ? "● Your turn · Nardi" : "Nardi";
    legend.textContent =
      `Seen from ${sideName(viewer)}'s seat: ${me ? "your" : "White's"} home is at the bottom right and the numbers are ` +
      `${me ? "your" : "White's"} own points (moves are written in them).` +
      (t.ruleset.variant === "long" ? " H marks each side's head." : "");
    renderControls(t);
    renderConnection();
    // After renderConnection, which may set errorText (a connection given up).
    errorEl.textContent = errorText;
    renderLog();
  }

  function renderConnection(): void {
    const s = conn.status;
    const text =
      s === "connected" ? "connected" : s === "reconnecting" ? "reconnecting…" : s === "connecting" ? "connecting…" : "disconnected";
    connectionEl.textContent = text;
    connectionEl.className = `conn${s === "connected" ? "" : " down"}`;
    if (s === "closed" && conn.table) {
      // The client gave up reconnecting (a long outage): offer a fresh start; the seat is still stored.
      errorText = "The connection to the server is lost.";
      if (!controls.querySelector('[data-testid="reconnect"]')) {
        controls.prepend(button("Reconnect", "reconnect", () => location.reload(), "primary"));
      }
    }
    if (s === "closed" && !conn.table) {
      clear(statusEl);
      statusEl.textContent = seat
        ? "Could not connect with your seat (the table may be gone)."
        : "Could not connect to watch (the table may not allow spectators or may not exist).";
      clear(controls);
      if (seat) {
        controls.append(
          button("Forget my seat here", "forget-seat", () => {
            forgetSeat(tableId);
            location.hash = "#/";
          }),
        );
      }
    }
  }

  const offs = [conn.onWelcome(render), conn.onUpdate(render), conn.onStatus(render)];
  const ownOf = (slot: Slot): number | null => {
    const t = conn.table;
    const me = mySide();
    return t && me ? slotToOwn(slot, me, t) : null;
  };
  offs.push(
    enableDrag(boardBox, {
      canStart: (slot) => {
        const own = ownOf(slot);
        return !busy && turn !== null && own !== null && turn.sources().includes(own);
      },
      start: (slot) => {
        selected = ownOf(slot);
        render();
      },
      drop: (slot) => {
        if (slot !== null && slot !== ownToSlotSelected()) onSlot(slot);
      },
    }),
  );
  /** The selected checker's place on the board (dropping a checker where it was leaves it selected). */
  function ownToSlotSelected(): Slot | null {
    const t = conn.table;
    const me = mySide();
    return t && me && selected !== null ? ownToSlot(selected, me, t) : null;
  }
  // The reconnect countdown and the clocks tick without rebuilding the board (a rebuild mid-click would eat the click).
  const tick = setInterval(() => {
    const t = conn.table;
    if (!t) return;
    const times = conn.remainingTime();
    for (const side of ["white", "black"] as const) {
      const el = root.querySelector(`[data-testid="conn-${side}"]`);
      if (el) el.textContent = connectionText(t.players[side], t);
      el?.classList.toggle("away", !(t.players[side]?.connected ?? true));
      renderClock(root.querySelector(`[data-testid="clock-${side}"]`), side, t, times?.[side] ?? null);
    }
  }, 250);

  return () => {
    document.title = "Nardi";
    for (const off of offs) off();
    clearInterval(tick);
    conn.close();
    connectionEl.textContent = "";
  };
}
