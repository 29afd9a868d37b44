/**
 * The table screen: the live board for a seat or a spectator. Everything shown comes from the server's
 * table view, its event log and its legal plays (through the typed client); the page only builds the
 * turn out of the server's legal plays and sends it when the player confirms. The opponent's moves are
 * played out checker by checker (./animate.ts) before the live state is drawn; `data-seq` on the view is the
 * seq whose board is drawn, and `data-busy` is true while a command is out or a move is being shown.
 *
 * This file is the DOM wiring: what is shown and enabled (the outline, the status line, the buttons, the score line)
 * is decided by the pure screen model (./screen.ts) from the server's facts, and the turn being built is kept by
 * ./turn-choice.ts; here they are drawn and the clicks are sent.
 */
import { opponent, pipCount } from "../engine/position";
import { BAR, OFF, type Board, type Side } from "../engine/types";
import type { NardiClient, TableConnection, TableView } from "../client";
import type { LoggedEvent } from "../protocol";
import { Animator, heldDice, loadPace, plan, reducedMotion, savePace, type Beat, type Pace } from "./animate";
import { renderBoard, type BoardModel, type Slot } from "./board";
import { mountChat } from "./chat";
import { refreshBalance, renderStakeLine } from "./coins";
import { replayLink } from "./replay";
import { resignDialog } from "./resign";
import { opponentTarget, reportButton } from "./report";
import { term } from "./glossary";
import { describeEvent, handResultText, lastResults, matchResultText, points, rulesetLabel } from "./describe";
import { button, clear, confirmDialog, h } from "./dom";
import { enableDrag } from "./drag";
import { problemMessage } from "./errors";
import { renderEnd } from "./end";
import { t } from "./i18n";
import { loadNumbering, readerOf, renderMoveList, saveNumbering, type Numbering } from "./moves";
import { burnedNotice, connectionText, renderClock, renderPlayerLine, renderShare } from "./panels";
import { announcement, pipLine, screen, sideToAct, type Control, type ControlId } from "./screen";
import { clockShown, showingStatus } from "./showing";
import { play as playSound, setSoundOn, soundOn } from "./sound";
import { forgetSeat, type StoredSeat } from "./store";
import { lastMoveSlots, ownOf, slotOf } from "./slots";
import { TurnChoice } from "./turn-choice";
import { verifyLink } from "./verify";

export interface GameOptions {
  api: NardiClient;
  tableId: string;
  /** The seat this browser holds at the table; null to watch. */
  seat: StoredSeat | null;
  /** Where the page's own connection state is shown (the header). */
  connectionEl: HTMLElement;
}

/** The table screen's parts, laid out: the board with the player lines, and the side panel beside it. */
function tableLayout(tableId: string, chatEl: HTMLElement) {
  const header = h("div", { class: "table-info muted", "data-testid": "table-info" }, t("table.connecting"));
  const share = h("section", { class: "card links", "data-testid": "share", hidden: true });
  const topPlayer = h("div", { class: "player" });
  const bottomPlayer = h("div", { class: "player" });
  const boardBox = h("div", { class: "board-box" });
  const picker = h("div", { class: "picker", "data-testid": "picker", role: "group", "aria-label": t("table.picker") });
  const scoreEl = h("div", { class: "scoreline", "data-testid": "score" });
  const pipsEl = h("div", { class: "pipline muted", "data-testid": "pip-diff" });
  const stakeEl = h("div", { class: "stake-line", "data-testid": "stake-line", hidden: true });
  const statusEl = h("div", { class: "status", "data-testid": "status", role: "status", "aria-live": "polite" });
  const announcer = h("div", { class: "visually-hidden", "data-testid": "announcer", "aria-live": "polite", role: "log" });
  const errorEl = h("div", { class: "error", "data-testid": "error" });
  const noticeEl = h("div", { class: "banner notice", "data-testid": "notice", hidden: true });
  const controls = h("div", { class: "controls", "data-testid": "controls" });
  const handBanner = h("div", { class: "banner", "data-testid": "hand-result", hidden: true });
  const matchBanner = h("div", { class: "banner match", "data-testid": "match-result", hidden: true });
  const endPanel = h("section", { class: "end card", "data-testid": "end", hidden: true, "aria-live": "polite" });
  const tools = h("div", { class: "row table-tools" });
  const moveListEl = h("div", { class: "moves", "data-testid": "moves", tabindex: 0, "aria-label": t("table.moves.title") });
  const replayLinkEl = replayLink(tableId);
  const verifyLinkEl = verifyLink(tableId);
  const legend = h("p", { class: "legend", "data-testid": "legend" });
  const log = h("ol", { class: "log", "data-testid": "log", reversed: true, tabindex: 0 });
  const view = h("div", { class: "table-view", "data-testid": "table", "data-table-id": tableId });
  // The share links sit at the top while the creator waits for an opponent, and below the game once it runs.
  const shareTop = h("div", { class: "share-slot" });
  const shareBottom = h("div", { class: "share-slot" });
  view.append(
    header,
    shareTop,
    h(
      "div",
      { class: "table-layout" },
      h("div", { class: "table-main" }, topPlayer, boardBox, bottomPlayer, picker),
      h(
        "aside",
        { class: "table-side" },
        statusEl,
        errorEl,
        controls,
        endPanel,
        scoreEl,
        stakeEl,
        pipsEl,
        matchBanner,
        replayLinkEl,
        verifyLinkEl,
        handBanner,
        noticeEl,
        tools,
        h("section", { class: "moves-panel card" }, h("h2", {}, t("table.moves.title")), moveListEl),
        chatEl,
      ),
    ),
    legend,
    shareBottom,
    h("details", {}, h("summary", {}, t("table.log")), log),
    announcer,
  );
  return { view, header, share, shareTop, shareBottom, topPlayer, bottomPlayer, boardBox, picker, scoreEl, pipsEl, stakeEl, statusEl, announcer, errorEl, noticeEl, controls, handBanner, matchBanner, endPanel, tools, moveListEl, replayLinkEl, verifyLinkEl, legend, log };
}

/** Mounts the table screen into `root`; returns the clean-up to run when leaving it. */
export function mountGame(root: HTMLElement, opts: GameOptions): () => void {
  const { api, tableId, seat, connectionEl } = opts;
  const conn: TableConnection = api.connect(tableId, {
    token: seat?.token,
    seq: 0, // the whole log: the page shows every hand result, the move list and the game log
    pingIntervalMs: 20_000,
    // Keep trying for as long as a reconnect window can last (backoff tops out at a few seconds).
    maxReconnectAttempts: 1000,
  });
  /** The turn being built and the checker picked. */
  const choice = new TurnChoice();
  let busy = false;
  let errorText = "";
  /** Where focus should go after the next render: the board's or the picker's next choice. */
  let focusIn: "board" | "picker" | null = null;
  let numbering: Numbering = loadNumbering();
  /** How fast the opponent's turns are shown (./animate.ts), and the beat shown now (null: the live state). */
  let pace: Pace = loadPace();
  let shownBeat: Beat | null = null;
  /** What the screen reader hears of an update being shown, said once the show ends (it tells the move). */
  let pendingSaid = "";
  /** The board as of the last update handled (the start of the next animation) and the seq drawn. */
  let knownBoard: Board | null = null;
  let drawnSeq = 0;
  /** While a show runs: the last seq the move list and the banners tell (the viewer's own play, made before it). */
  let toldSeq = 0;
  /** The show running (or the last one): its planned length, opposing turns and new hands. */
  let show = { ms: 0, turns: 0, setups: 0 };
  let wasMyMove = false;

  clear(root);
  const chat = mountChat(conn, api);
  const { view, header, share, shareTop, shareBottom, topPlayer, bottomPlayer, boardBox, picker, scoreEl, pipsEl, stakeEl, statusEl, announcer, errorEl, noticeEl, controls, handBanner, matchBanner, endPanel, tools, moveListEl, replayLinkEl, verifyLinkEl, legend, log } =
    tableLayout(tableId, chat.el);
  root.append(view);

  const role = (): Side | "spectator" => (conn.role === "white" || conn.role === "black" ? conn.role : "spectator");
  const mySide = (): Side | null => {
    const r = role();
    return r === "spectator" ? null : r;
  };
  const viewerSide = (): Side => mySide() ?? "white";

  let disposed = false;
  const animator = new Animator(
    (beat) => drawBoard(beat),
    () => {
      shownBeat = null;
      if (pendingSaid !== "") announcer.textContent = pendingSaid;
      pendingSaid = "";
      if (!disposed) render();
    },
    () => conn.table?.ruleset.variant ?? "long",
    viewerSide,
    (beat) => {
      if (beat.fly) playSound("move");
    },
  );

  /** A place chosen (on the board, or with the picker's buttons): pick a checker, or send it there. */
  function choose(own: number, from: "board" | "picker"): void {
    if (!choice.turn || busy) return;
    if (choice.choose(own) === "moved") playSound("move");
    errorText = "";
    focusIn = from;
    render();
  }

  function onSlot(slot: Slot): void {
    if (animator.running) {
      animator.skip();
      return;
    }
    const table = conn.table;
    const me = mySide();
    if (!table || !me) return;
    const own = ownOf(table.ruleset.variant, me, slot);
    if (own !== null) choose(own, "board");
  }

  async function command(what: () => Promise<unknown>): Promise<void> {
    busy = true;
    errorText = "";
    render();
    try {
      await what();
    } catch (err) {
      errorText = problemMessage(err);
      choice.reset();
    } finally {
      busy = false;
      render();
    }
  }

  function confirmPlay(): void {
    const play = choice.play();
    if (play !== null) void command(() => conn.play(play));
  }

  async function ask(text: string, ok: string, then: () => Promise<unknown>, danger = false): Promise<void> {
    if (await confirmDialog(text, ok, t("table.dialog.cancel"), danger)) await command(then);
  }

  /** The Resign dialog: offer to lose the hand (backgammon preset) or resign the whole match (docs/rules.md §5.5). */
  async function chooseResign(table: TableView): Promise<void> {
    const me = mySide();
    if (!me) return;
    const picked = await resignDialog(table, me);
    if (picked?.kind === "offer") await command(() => conn.offerResign(picked.level));
    else if (picked?.kind === "match") await command(() => conn.resign());
  }

  /** What each control does: a command to the server, through a confirmation where a slip would cost. */
  function onControl(id: ControlId, table: TableView, el: HTMLElement): void {
    const m = table.match;
    const value = (m?.cube.value ?? 1) * 2;
    switch (id) {
      case "roll":
        return void command(() => conn.roll());
      case "double":
        return void ask(t("table.dialog.double", { value }), t("table.turn.doubleOk"), () => conn.double());
      case "undo":
        choice.undo();
        return render();
      case "confirm":
        return confirmPlay();
      case "take":
        return void ask(t("table.dialog.take", { value }), t("table.turn.takeOk"), () => conn.take());
      case "drop":
        return void ask(t("table.dialog.drop", { points: points(m?.cube.value ?? 1) }), t("table.turn.drop"), () => conn.drop(), true);
      case "auto-roll": {
        const on = (el as HTMLInputElement).checked;
        return void command(() => conn.setAutoRoll(on));
      }
      case "accept-resign":
        return void command(() => conn.acceptResign());
      case "reject-resign":
        return void command(() => conn.rejectResign());
      case "resign":
        return void chooseResign(table);
    }
  }

  function renderControls(table: TableView, shown: readonly Control[]): void {
    clear(controls);
    for (const c of shown) {
      if (c.id === "auto-roll") {
        const auto = h("input", { type: "checkbox", "data-testid": "auto-roll" });
        auto.checked = c.checked === true;
        auto.disabled = !c.enabled;
        auto.addEventListener("change", () => onControl("auto-roll", table, auto));
        controls.append(h("label", { class: "auto-roll" }, auto, c.label));
        continue;
      }
      const el = button(c.label, c.id, () => onControl(c.id, table, el), c.tone);
      el.disabled = !c.enabled;
      controls.append(el);
    }
  }

  /** Big buttons for the turn's choices (the phone's tap targets, and a keyboard path): checkers, then targets. */
  function renderPicker(): void {
    const { turn, selected } = choice;
    clear(picker);
    const me = mySide();
    picker.hidden = !turn || !me || animator.running;
    if (!turn || !me) return;
    const label = (own: number) => (own === BAR ? t("table.pick.bar") : own === OFF ? t("table.pick.off") : String(own));
    if (selected === null) {
      for (const own of turn.sources()) {
        picker.append(button(own === BAR ? t("table.pick.fromBar") : t("table.pick.from", { point: label(own) }), `pick-from-${own}`, () => choose(own, "picker")));
      }
    } else {
      const from = selected;
      for (const d of turn.destinations(from)) {
        picker.append(button(t("table.pick.to", { from: label(from), to: label(d.to) }), `pick-to-${d.to}`, () => choose(d.to, "picker"), "primary"));
      }
      picker.append(button(t("table.pick.back"), "pick-back", () => choose(from, "picker")));
    }
  }

  /** Moves focus to where the next action is, after the board or the picker was used. */
  function placeFocus(): void {
    const { turn, selected } = choice;
    if (focusIn === null) return;
    const where = focusIn;
    focusIn = null;
    const box = where === "board" ? boardBox : picker;
    const next =
      (selected !== null ? box.querySelector<HTMLElement | SVGElement>('[data-dest="true"], [data-testid^="pick-to-"]') : null) ??
      (turn?.complete() ? controls.querySelector<HTMLElement>('[data-testid="confirm"]') : null) ??
      box.querySelector<HTMLElement | SVGElement>('[data-source="true"], [data-testid^="pick-from-"]');
    next?.focus({ preventScroll: true });
  }

  /** The board as the viewer should see it now (the turn being built, else the server's). */
  function liveModel(table: TableView): BoardModel | null {
    const { turn, selected } = choice;
    const m = table.match;
    const board = turn ? turn.board : (m?.board ?? null);
    if (!board || !m) return null;
    const me = mySide();
    const sources = new Set<Slot>();
    const destinations = new Set<Slot>();
    if (turn && me) {
      for (const own of turn.sources()) sources.add(slotOf(table.ruleset.variant, me, own));
      if (selected !== null) for (const d of turn.destinations(selected)) destinations.add(slotOf(table.ruleset.variant, me, d.to));
    }
    return {
      variant: table.ruleset.variant,
      board,
      viewer: viewerSide(),
      dice: m.dice ?? null,
      diceSide: m.dice ? m.turn : null,
      usedDice: turn && m.dice ? turn.usedDice(m.dice) : undefined,
      cube: table.ruleset.cube && table.length > 1 ? { value: m.cube.value, owner: m.cube.owner } : null,
      sources,
      destinations,
      selected: selected !== null && me ? slotOf(table.ruleset.variant, me, selected) : null,
      lastMove: lastMoveSlots(conn.events, table.ruleset.variant),
      onSlot,
    };
  }

  /** Draws one beat of an animation in place of the live board. */
  function drawBoard(beat: Beat): SVGSVGElement {
    const table = conn.table!;
    const m = table.match;
    const svg = renderBoard({
      variant: table.ruleset.variant,
      board: beat.board,
      viewer: viewerSide(),
      dice: beat.dice,
      diceSide: beat.diceSide,
      cube: table.ruleset.cube && table.length > 1 && m ? { value: m.cube.value, owner: m.cube.owner } : null,
      onSlot,
    });
    svg.setAttribute("data-animating", "true");
    clear(boardBox);
    boardBox.append(svg);
    shownBeat = beat;
    renderPips(table, beat.board);
    statusEl.textContent = showingStatus(beat);
    view.setAttribute("data-busy", "true");
    renderTools();
    picker.hidden = true;
    return svg;
  }

  function renderPips(table: TableView, board: Board | null): void {
    const me = mySide();
    const times = conn.remainingTime();
    const viewer = viewerSide();
    const pips = (side: Side) => (board ? pipCount(board[side]) : null);
    // While a move is shown the side moving is outlined and no clock is shown running (./showing.ts).
    const toAct = animator.running ? (shownBeat?.diceSide ?? null) : sideToAct(table);
    const shownTable = clockShown(table, animator.running);
    renderPlayerLine(topPlayer, opponent(viewer), shownTable, me, toAct, times?.[opponent(viewer)] ?? null, pips(opponent(viewer)));
    renderPlayerLine(bottomPlayer, viewer, shownTable, me, toAct, times?.[viewer] ?? null, pips(viewer));
    const line = pipLine(board, viewer, me);
    pipsEl.textContent = line?.text ?? "";
    if (line) pipsEl.setAttribute("data-diff", String(line.diff));
  }

  function renderTools(): void {
    clear(tools);
    const sound = button(t(soundOn() ? "table.tools.soundOn" : "table.tools.soundOff"), "sound", () => {
      setSoundOn(!soundOn());
      renderTools();
    });
    sound.setAttribute("aria-pressed", String(soundOn()));
    tools.append(sound);
    if (mySide() !== null) {
      const flip = button(t(numbering === "mine" ? "table.tools.numberingMine" : "table.tools.numberingWhite"), "numbering", () => {
        numbering = numbering === "mine" ? "white" : "mine";
        saveNumbering(numbering);
        render();
      });
      flip.setAttribute("title", t("table.tools.numberingHelp"));
      tools.append(flip);
    }
    const paceButton = button(t(pace === "slow" ? "table.tools.paceSlow" : "table.tools.paceNormal"), "pace", () => {
      pace = pace === "slow" ? "normal" : "slow";
      savePace(pace);
      renderTools();
    });
    paceButton.setAttribute("title", t("table.tools.paceHelp"));
    paceButton.setAttribute("data-pace", pace);
    tools.append(paceButton);
    // Report the opponent during the match; once it is over the end panel offers it.
    const target = conn.table && conn.table.status !== "over" ? opponentTarget(conn.table, mySide()) : null;
    if (target) tools.append(reportButton(api, target));
    if (animator.running) tools.append(button(t("table.tools.skip"), "skip-animation", () => animator.skip()));
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
    const table = conn.table;
    view.setAttribute("data-status", conn.status);
    if (!table) {
      view.setAttribute("data-busy", String(busy));
      renderConnection();
      return;
    }
    choice.sync(table, mySide(), conn.legalPlays);
    const me = mySide();
    const m = table.match;
    const animating = animator.running;
    // State in attributes, so tests (and scripts) can wait for the page without parsing text.
    view.setAttribute("data-busy", String(busy || animating));
    if (!animating) drawnSeq = conn.seq;
    view.setAttribute("data-seq", String(drawnSeq));
    view.setAttribute("data-role", role());
    view.setAttribute("data-table-status", table.status);
    view.setAttribute("data-phase", m?.phase ?? "");
    view.setAttribute("data-turn", m?.turn ?? "");
    view.setAttribute("data-to-act", sideToAct(table) ?? "");
    header.replaceChildren(
      t(me ? (me === "white" ? "table.headerWhite" : "table.headerBlack") : "table.headerWatching", { label: rulesetLabel(table) }),
      " ",
      h("a", { href: `#/rules/${table.ruleset.variant}`, "data-testid": "table-rules" }, t("nav.rules")),
    );
    renderShare(share, table, me, seat?.invite ?? null);
    const slot = table.status === "waiting" ? shareTop : shareBottom;
    if (share.parentElement !== slot) slot.append(share);
    if (!animating) {
      const model = liveModel(table);
      clear(boardBox);
      if (model) boardBox.append(renderBoard(model));
      renderPips(table, model?.board ?? null);
      knownBoard = m?.board ?? null;
    }
    // While a move is shown, the rest of the screen tells the story up to where the board is (the move list, the
    // banners and the status line give the move away only once its show ends), and nothing can be pressed.
    const shownEvents = animating ? conn.events.filter((e) => e.seq <= toldSeq) : conn.events;
    const shown = screen({ table, me, busy: busy || animating, turn: choice.turn, selected: choice.selected });
    // The game's terms (cube, Crawford) link to the glossary, their meaning as the tooltip.
    const scoreParts = shown.score.map((part) => (part.term ? term(part.term, part.text) : part.text));
    scoreEl.replaceChildren(...scoreParts.flatMap((part, i) => (i === 0 ? [part] : [" · ", part])));
    renderStakeLine(stakeEl, table, me);
    const results = lastResults(shownEvents);
    handBanner.hidden = results.hand === null || results.match !== null;
    handBanner.textContent = results.hand ? handResultText(results.hand) : "";
    if (results.hand) handBanner.setAttribute("data-kind", results.hand.result.kind);
    matchBanner.hidden = results.match === null;
    matchBanner.textContent = results.match ? matchResultText(results.match) : "";
    const target = opponentTarget(table, me);
    renderEnd(endPanel, animating ? null : results.match, table, me, conn, { run: (what) => void command(what) }, target && reportButton(api, target, "end-report"), api);
    replayLinkEl.hidden = role() !== "spectator" && results.match === null;
    verifyLinkEl.hidden = results.match === null;
    const burned = burnedNotice(shownEvents, me);
    noticeEl.hidden = burned === null;
    noticeEl.textContent = burned ?? "";
    statusEl.textContent = animating && shownBeat ? showingStatus(shownBeat) : shown.status;
    const myMove = shown.myMove;
    if (myMove && !wasMyMove && !animating) playSound("turn");
    if (!animating) wasMyMove = myMove;
    document.title = shown.title;
    legend.textContent = shown.legend;
    renderControls(table, shown.controls);
    renderPicker();
    renderTools();
    renderMoveList(moveListEl, shownEvents, table.ruleset.variant, readerOf(numbering, viewerSide()));
    chat.update(table, me);
    chat.el.hidden = chat.el.hidden || table.status === "waiting";
    renderConnection();
    // After renderConnection, which may set errorText (a connection given up).
    errorEl.textContent = errorText;
    renderLog();
    if (!animating) placeFocus();
  }

  /** An update: announce the opponent's moves, sound the dice, and play their moves out before the live state. */
  function onUpdate(m: { events: LoggedEvent[] }): void {
    const table = conn.table;
    const me = mySide();
    if (!table) return render();
    for (const { event: e } of m.events) if (e.type === "rolled") playSound("dice");
    const said = announcement(m.events, me, table.ruleset.variant, viewerSide());
    // The next show starts where this update leaves the board, whether or not this one is shown.
    const start = knownBoard;
    knownBoard = table.match?.board ?? null;
    if (start && !reducedMotion() && m.events.some((x) => (x.event.type === "played" || x.event.type === "burned") && x.event.side !== me)) {
      const first = m.events[0]?.seq ?? conn.seq;
      const shownPlan = plan(start, m.events, table.ruleset.variant, me, pace, heldDice(conn.events.filter((e) => e.seq < first)));
      // The show's planned length, for tests and scripts (an update arriving during a show lengthens it): a whole
      // opposing turn takes TURN_MS[pace] (./animate.ts).
      if (!animator.running) show = { ms: 0, turns: 0, setups: 0 };
      show.ms += shownPlan.totalMs;
      show.turns += shownPlan.turns;
      show.setups += shownPlan.setups;
      view.setAttribute("data-anim-ms", String(show.ms));
      view.setAttribute("data-anim-turns", String(show.turns));
      view.setAttribute("data-anim-setups", String(show.setups));
      view.setAttribute("data-anim-pace", pace);
      if (!animator.running) {
        // Told at once: what comes before the show's first event (the viewer's own play); the rest when it ends.
        const shownFrom = m.events.find(({ event: e }) => e.type === "hand-started" || (e.type === "opening-roll" && e.starter !== me) || ((e.type === "rolled" || e.type === "played" || e.type === "burned") && e.side !== me));
        toldSeq = shownFrom ? shownFrom.seq - 1 : drawnSeq;
      }
      animator.enqueue(shownPlan.beats);
    }
    if (said !== "" && animator.running) pendingSaid = pendingSaid === "" ? said : `${pendingSaid}. ${said}`;
    else if (said !== "") announcer.textContent = said;
    // While a show runs the rest of the screen shows the live state; the board follows when the show ends.
    render();
  }

  function renderConnection(): void {
    const s = conn.status;
    connectionEl.textContent = t(s === "connected" ? "table.conn.connected" : s === "reconnecting" ? "table.conn.reconnecting" : s === "connecting" ? "table.conn.connecting" : "table.conn.disconnected");
    connectionEl.className = `conn${s === "connected" ? "" : " down"}`;
    if (s === "closed" && conn.banned) {
      // A ban (close code 4003): the seat token is refused from now on, so no reconnect is offered.
      errorText = t("table.conn.banned");
    } else if (s === "closed" && conn.table) {
      // The client gave up reconnecting (a long outage): offer a fresh start; the seat is still stored.
      errorText = t("table.conn.lost");
      if (!controls.querySelector('[data-testid="reconnect"]')) {
        controls.prepend(button(t("table.conn.reconnect"), "reconnect", () => location.reload(), "primary"));
      }
    }
    if (s === "closed" && !conn.table) {
      clear(statusEl);
      statusEl.textContent = t(seat ? "table.conn.noSeat" : "table.conn.noWatch");
      clear(controls);
      if (seat) {
        controls.append(
          button(t("table.conn.forgetSeat"), "forget-seat", () => {
            forgetSeat(tableId);
            location.hash = "#/";
          }),
        );
      }
    }
  }

  // The match's rating and coin changes arrive once the server has settled them: the end screen and the balance follow.
  const onSettled = (m: { coins: unknown }) => {
    if (m.coins !== null) refreshBalance();
    render();
  };
  const offs = [conn.onWelcome(render), conn.onUpdate(onUpdate), conn.onStatus(render), conn.onRematch(render), conn.onSettled(onSettled), chat.dispose];
  const ownAt = (slot: Slot): number | null => {
    const table = conn.table;
    const me = mySide();
    return table && me ? ownOf(table.ruleset.variant, me, slot) : null;
  };
  offs.push(
    enableDrag(boardBox, {
      canStart: (slot) => {
        const own = ownAt(slot);
        return !busy && !animator.running && own !== null && choice.canPick(own);
      },
      start: (slot) => {
        choice.selected = ownAt(slot);
        render();
      },
      // Dropped on a destination: moved there. Anywhere else the checker goes back, still picked.
      drop: (slot) => {
        const own = slot === null ? null : ownAt(slot);
        const from = choice.selected;
        const legal = own !== null && from !== null && choice.turn?.destinations(from).some((d) => d.to === own) === true;
        if (legal && slot !== null) onSlot(slot);
        else render();
      },
      side: mySide,
    }),
  );
  // The reconnect countdown and the clocks tick without rebuilding the board (a rebuild mid-click would eat the click).
  const tick = setInterval(() => {
    const table = conn.table;
    if (!table) return;
    const times = conn.remainingTime();
    for (const side of ["white", "black"] as const) {
      const el = root.querySelector(`[data-testid="conn-${side}"]`);
      if (el) el.textContent = connectionText(table.players[side], table);
      el?.classList.toggle("away", !(table.players[side]?.connected ?? true));
      renderClock(root.querySelector(`[data-testid="clock-${side}"]`), side, clockShown(table, animator.running), times?.[side] ?? null);
    }
  }, 250);

  return () => {
    disposed = true;
    document.title = t("app.name");
    animator.skip();
    for (const off of offs) off();
    clearInterval(tick);
    conn.close();
    connectionEl.textContent = "";
  };
}
