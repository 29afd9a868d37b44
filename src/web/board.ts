/**
 * The SVG board, drawn from absolute point numbers (White's own numbering, docs/rules.md §1). The viewer sees
 * their own home at the bottom right and their own numbering on the point labels: own points 1..12 run
 * along the bottom from right to left, 13..24 along the top from left to right. In long nardi Black's view
 * is White's turned half a board round; in short nardi it is White's mirrored top to bottom. Either way each
 * side's checkers travel counter-clockwise from the viewer's seat. `data-testid="point-N"` uses ABSOLUTE N.
 */
import { fromAbsolute, opponent, toAbsolute } from "../engine/position";
import type { Board, Side, Variant } from "../engine/types";
import { s } from "./dom";
import { t } from "./i18n";

/** A clickable place on the board: an absolute point "1".."24", or "bar-white", "off-black" etc. */
export type Slot = string;

export interface BoardModel {
  variant: Variant;
  board: Board;
  /** Whose seat the board is seen from (spectators see White's). */
  viewer: Side;
  /** The dice on the table and whose they are. */
  dice: readonly [number, number] | null;
  diceSide: Side | null;
  usedDice?: readonly boolean[];
  /** With no dice: draw two blank dice in their place (the replay, before a hand's first roll). */
  blankDice?: boolean;
  /** The doubling cube, or null when the table plays without one. */
  cube: { value: number; owner: Side | null } | null;
  sources?: ReadonlySet<Slot>;
  destinations?: ReadonlySet<Slot>;
  selected?: Slot | null;
  /** The last move's places (its sources and destinations), marked until the next roll. */
  lastMove?: ReadonlySet<Slot>;
  onSlot?: (slot: Slot) => void;
}

const W = 920;
const H = 640;
const COL = 60;
const R = 25; // checker radius: five checkers fill a point
const RAIL_X = 12; // cube rail, 50 wide
const LEFT_X = 62;
const BAR_X = 422;
const RIGHT_X = 472;
const TRAY_X = 840;
const TOP_Y = 32;
const POINT_H = 250;
const MID_Y = TOP_Y + POINT_H; // 282
const BOTTOM_Y = 358;
const BASE_Y = BOTTOM_Y + POINT_H; // 608
const MAX_DRAWN = 5;

/** Column 0..11 (left to right) and row of the viewer's own point v. */
function place(v: number): { col: number; top: boolean } {
  return v <= 12 ? { col: 12 - v, top: false } : { col: v - 13, top: true };
}

function colX(col: number): number {
  return col < 6 ? LEFT_X + col * COL : RIGHT_X + (col - 6) * COL;
}

/**
 * Where the `index`-th checker (0 = the first, at the edge) of a place is drawn: on a point, on `side`'s part of
 * the bar, or in its tray. The animation flies a checker between two such places.
 */
export function checkerCentre(m: Pick<BoardModel, "variant" | "viewer">, slot: Slot, index: number): { x: number; y: number } {
  if (slot.startsWith("bar-")) {
    const mineBelow = slot === `bar-${m.viewer}`;
    const k = Math.min(index, 3);
    return { x: BAR_X + 25, y: mineBelow ? BOTTOM_Y + R + 4 + k * 2 * R : MID_Y - R - 4 - k * 2 * R };
  }
  if (slot.startsWith("off-")) {
    const below = slot === `off-${m.viewer}`;
    return { x: TRAY_X + 34, y: below ? BASE_Y - 10 - index * 14 : TOP_Y + 10 + index * 14 };
  }
  const { col, top } = place(fromAbsolute(m.variant, m.viewer, Number(slot)));
  const k = Math.min(index, MAX_DRAWN - 1);
  return { x: colX(col) + COL / 2, y: top ? TOP_Y + R + k * 2 * R : BASE_Y - R - k * 2 * R };
}

/** A lone checker to fly over the board. */
export function flyingChecker(side: Side, at: { x: number; y: number }): SVGGElement {
  const g = checker(side, at.x, at.y, null);
  g.classList.add("flying");
  return g;
}

function checker(side: Side, cx: number, cy: number, label: string | null): SVGGElement {
  return s(
    "g",
    { class: `checker ${side}` },
    s("circle", { cx, cy, r: R - 1 }),
    s("circle", { cx, cy, r: R - 8, class: "inner" }),
    label ? s("text", { x: cx, y: cy + 7, class: "count" }, label) : null,
  );
}

function drawPoint(m: BoardModel, abs: number): SVGGElement {
  const v = fromAbsolute(m.variant, m.viewer, abs);
  const { col, top } = place(v);
  const x = colX(col);
  const cx = x + COL / 2;
  const slot = String(abs);
  const white = m.board.white[abs] ?? 0;
  const blackOwn = fromAbsolute(m.variant, "black", abs);
  const black = m.board.black[blackOwn] ?? 0;
  const owner: Side | null = white > 0 ? "white" : black > 0 ? "black" : null;
  const count = white + black;
  const isSource = m.sources?.has(slot) ?? false;
  const isDest = m.destinations?.has(slot) ?? false;
  const isSelected = m.selected === slot;
  const isLast = m.lastMove?.has(slot) ?? false;
  const g = s("g", {
    class: `point${isSource ? " source" : ""}${isDest ? " dest" : ""}${isSelected ? " selected" : ""}${isLast ? " last" : ""}`,
    "data-testid": `point-${abs}`,
    "data-abs": abs,
    "data-own": v,
    "data-owner": owner ?? "",
    "data-count": count,
    "data-source": isSource ? "true" : null,
    "data-dest": isDest ? "true" : null,
    "data-last": isLast ? "true" : null,
    // Offered points can be reached with the keyboard too (Tab, then Enter or Space).
    tabindex: isSource || isDest ? 0 : null,
    role: isSource || isDest ? "button" : null,
    "aria-label": pointLabel(v, count, owner, isDest ? "dest" : isSource ? "source" : null),
  });
  const tipY = top ? TOP_Y + POINT_H - 30 : BASE_Y - POINT_H + 30;
  const baseY = top ? TOP_Y : BASE_Y;
  g.append(
    s("rect", { x, y: top ? TOP_Y : BOTTOM_Y, width: COL, height: POINT_H, class: "hit" }),
    s("polygon", {
      points: `${x + 2},${baseY} ${x + COL - 2},${baseY} ${cx},${tipY}`,
      class: `tri ${col % 2 === 0 ? "a" : "b"}`,
    }),
    s("text", { x: cx, y: top ? TOP_Y - 8 : BASE_Y + 22, class: "num" }, String(v)),
  );
  if (owner) {
    const shown = Math.min(count, MAX_DRAWN);
    for (let k = 0; k < shown; k++) {
      const at = checkerCentre(m, slot, k);
      const label = k === shown - 1 && count > 1 ? String(count) : null;
      g.append(checker(owner, at.x, at.y, label));
    }
  }
  if (isDest) g.append(s("circle", { cx, cy: top ? tipY + 14 : tipY - 14, r: 11, class: "dest-mark" }));
  return g;
}

/** A point's name for screen readers, e.g. "point 13: 2 white checkers, move here". */
function pointLabel(v: number, count: number, owner: Side | null, offer: "source" | "dest" | null): string {
  const what = owner === null ? t("table.board.point.empty", { point: v }) : t(owner === "white" ? "table.board.point.white" : "table.board.point.black", { point: v, count });
  return offer === null ? what : t(offer === "dest" ? "table.board.offer.dest" : "table.board.offer.source", { what });
}

/** Long nardi: each side's head (own point 24) gets a tag of its colour around the point label. */
function drawHeads(m: BoardModel): SVGGElement[] {
  if (m.variant !== "long") return [];
  return (["white", "black"] as const).map((side) => {
    const abs = toAbsolute(m.variant, side, 24);
    const v = fromAbsolute(m.variant, m.viewer, abs);
    const { col, top } = place(v);
    const x = colX(col);
    const y = top ? 3 : BASE_Y + 3;
    return s(
      "g",
      { class: `head ${side}`, "data-testid": `head-${side}`, "data-abs": abs },
      s("rect", { x: x + 3, y, width: COL - 6, height: 26, rx: 8 }),
      s("text", { x: x + COL / 2, y: y + 19 }, t("table.board.head.tag", { point: v })),
      s("title", {}, t(side === "white" ? "table.board.head.white" : "table.board.head.black")),
    );
  });
}

function drawBar(m: BoardModel, side: Side): SVGGElement {
  const slot = `bar-${side}`;
  const n = m.board[side][25] ?? 0;
  const mineBelow = side === m.viewer;
  const isSource = m.sources?.has(slot) ?? false;
  const isLast = m.lastMove?.has(slot) ?? false;
  const g = s("g", {
    class: `bar-slot${isSource ? " source" : ""}${m.selected === slot ? " selected" : ""}${isLast ? " last" : ""}`,
    "data-testid": slot,
    "data-count": n,
    "data-source": isSource ? "true" : null,
    tabindex: isSource ? 0 : null,
    role: isSource ? "button" : "group",
    "aria-label": t(side === "white" ? "table.board.bar.white" : "table.board.bar.black", { count: n }),
  });
  g.append(s("rect", { x: BAR_X, y: mineBelow ? BOTTOM_Y : TOP_Y, width: 50, height: POINT_H, class: "hit" }));
  const shown = Math.min(n, 4);
  for (let k = 0; k < shown; k++) {
    const at = checkerCentre(m, slot, k);
    g.append(checker(side, at.x, at.y, k === shown - 1 && n > 1 ? String(n) : null));
  }
  return g;
}

function drawTray(m: BoardModel, side: Side): SVGGElement {
  const slot = `off-${side}`;
  const n = m.board[side][0] ?? 0;
  const below = side === m.viewer;
  const y0 = below ? BOTTOM_Y : TOP_Y;
  const isDest = m.destinations?.has(slot) ?? false;
  const isLast = m.lastMove?.has(slot) ?? false;
  const g = s("g", {
    class: `tray${isDest ? " dest" : ""}${isLast ? " last" : ""}`,
    "data-testid": slot,
    "data-count": n,
    "data-dest": isDest ? "true" : null,
    tabindex: isDest ? 0 : null,
    role: isDest ? "button" : "group",
    "aria-label": isDest
      ? t("table.board.offer.dest", { what: t(side === "white" ? "table.board.off.white" : "table.board.off.black", { count: n }) })
      : t(side === "white" ? "table.board.off.white" : "table.board.off.black", { count: n }),
  });
  g.append(s("rect", { x: TRAY_X, y: y0, width: 68, height: POINT_H, rx: 6, class: "tray-bg" }));
  for (let k = 0; k < n; k++) {
    const y = below ? BASE_Y - 16 - k * 14 : TOP_Y + 4 + k * 14;
    g.append(s("rect", { x: TRAY_X + 8, y, width: 52, height: 12, rx: 3, class: `slab ${side}` }));
  }
  g.append(s("text", { x: TRAY_X + 34, y: below ? BOTTOM_Y - 10 : MID_Y + 24, class: "tray-count", "aria-hidden": "true" }, String(n)));
  return g;
}

function die(x: number, y: number, value: number, used: boolean): SVGGElement {
  const size = 44;
  const pips: Record<number, Array<[number, number]>> = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  const g = s("g", { class: `die${used ? " used" : ""}`, "data-value": value });
  g.append(s("rect", { x, y, width: size, height: size, rx: 8 }));
  for (const [dx, dy] of pips[value] ?? []) {
    g.append(s("circle", { cx: x + size / 2 + dx * 12, cy: y + size / 2 + dy * 12, r: 4.5 }));
  }
  return g;
}

function drawDice(m: BoardModel): SVGGElement | null {
  if (!m.dice) {
    if (!m.blankDice) return null;
    const g = s("g", { class: "dice blank", "data-testid": "dice", "data-values": "", "data-blank": "true", role: "img", "aria-label": t("replay.noDice") });
    [0, 1].forEach((i) => g.append(die(RIGHT_X + 180 - 49 + i * 54, MID_Y + 16, 0, false)));
    return g;
  }
  const [a, b] = m.dice;
  const faces = a === b ? [a, a, a, a] : [a, b];
  const mine = m.diceSide === null || m.diceSide === m.viewer;
  const centerX = mine ? RIGHT_X + 180 : LEFT_X + 180;
  const width = faces.length * 44 + (faces.length - 1) * 10;
  const g = s("g", {
    class: `dice ${m.diceSide ?? ""}`,
    "data-testid": "dice",
    "data-values": `${a},${b}`,
    // Every die used: the roll was played (the replay shows the last roll so, between turns).
    "data-spent": m.usedDice && m.usedDice.slice(0, faces.length).every(Boolean) ? "true" : null,
    role: "img",
    "aria-label": t("table.board.dice", { a, b }),
  });
  faces.forEach((f, i) => g.append(die(centerX - width / 2 + i * 54, MID_Y + 16, f, m.usedDice?.[i] ?? false)));
  return g;
}

function drawCube(m: BoardModel): SVGGElement | null {
  if (!m.cube) return null;
  const { value, owner } = m.cube;
  const y = owner === null ? (MID_Y + BOTTOM_Y) / 2 - 20 : owner === m.viewer ? BASE_Y - 44 : TOP_Y + 4;
  return s(
    "g",
    {
      class: "cube",
      "data-testid": "cube",
      "data-value": value,
      "data-owner": owner ?? "middle",
      role: "img",
      "aria-label": t(owner === null ? "table.board.cube.middle" : owner === "white" ? "table.board.cube.white" : "table.board.cube.black", { value }),
    },
    s("rect", { x: RAIL_X + 5, y, width: 40, height: 40, rx: 6 }),
    s("text", { x: RAIL_X + 25, y: y + 27 }, String(value)),
  );
}

export function renderBoard(m: BoardModel): SVGSVGElement {
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: `board ${m.variant}`,
    "data-testid": "board",
    "data-viewer": m.viewer,
    // A group, not an image: its points, bars and trays are labelled and reachable by assistive technology.
    role: "group",
    "aria-label": t(m.variant === "long" ? "table.board.label.long" : "table.board.label.short", {
      side: t(m.viewer === "white" ? "table.side.white" : "table.side.black"),
    }),
  });
  svg.append(
    s("rect", { x: 0, y: 0, width: W, height: H, rx: 14, class: "frame" }),
    s("rect", { x: LEFT_X, y: TOP_Y, width: 360, height: BASE_Y - TOP_Y, class: "field" }),
    s("rect", { x: RIGHT_X, y: TOP_Y, width: 360, height: BASE_Y - TOP_Y, class: "field" }),
    s("rect", { x: BAR_X, y: TOP_Y, width: 50, height: BASE_Y - TOP_Y, class: "bar" }),
  );
  for (let abs = 1; abs <= 24; abs++) svg.append(drawPoint(m, abs));
  for (const el of drawHeads(m)) svg.append(el);
  svg.append(drawBar(m, opponent(m.viewer)), drawBar(m, m.viewer));
  svg.append(drawTray(m, opponent(m.viewer)), drawTray(m, m.viewer));
  const dice = drawDice(m);
  if (dice) svg.append(dice);
  const cube = drawCube(m);
  if (cube) svg.append(cube);
  if (m.onSlot) {
    const onSlot = m.onSlot;
    const activate = (ev: Event) => {
      const slot = slotOf(ev.target as Element);
      if (slot) onSlot(slot);
    };
    svg.addEventListener("click", activate);
    svg.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault();
      activate(ev);
    });
  }
  return svg;
}

/** The board place an element belongs to (a point, a bar or a tray), or null. */
export function slotOf(el: Element | null): Slot | null {
  const id = el?.closest("[data-testid]")?.getAttribute("data-testid") ?? "";
  if (id.startsWith("point-")) return id.slice("point-".length);
  if (id.startsWith("bar-") || id.startsWith("off-")) return id;
  return null;
}
