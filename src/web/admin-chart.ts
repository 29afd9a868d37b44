/**
 * Small charts for the admin page's counters: one plain SVG of bars per series (no chart library: a dozen bars
 * and three labels are all an operator needs to see a trend). Every bar carries its time and value in a
 * `<title>` (the browser shows it on hover), and the figure carries the series' total for readers and tests.
 */
import { h, s } from "./dom";
import { formatNumber, language } from "./i18n";

export interface ChartPoint {
  /** The start of the bucket (ms since the epoch). */
  at: number;
  value: number;
}

export type ChartPeriod = "hour" | "day";

const WIDTH = 320;
const HEIGHT = 120;
const AXIS = 18;

/** A bucket's start as the period's reader expects it: "14:00" for hours, "2 Dec" for days. */
export function bucketLabel(at: number, period: ChartPeriod): string {
  const d = new Date(at);
  return period === "hour"
    ? d.toLocaleString(language(), { hour: "2-digit", minute: "2-digit", day: "numeric", month: "short" })
    : d.toLocaleDateString(language(), { day: "numeric", month: "short" });
}

/** A figure: the counter's name and total above a bar per bucket, the first and last bucket's time under it. */
export function barChart(title: string, points: readonly ChartPoint[], period: ChartPeriod, testid: string): HTMLElement {
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const top = Math.max(1, ...points.map((p) => p.value));
  const slot = points.length === 0 ? WIDTH : WIDTH / points.length;
  const plot = HEIGHT - AXIS;
  const svg = s("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "aria-label": `${title}: ${formatNumber(total)}` });
  svg.append(s("line", { x1: 0, y1: plot, x2: WIDTH, y2: plot, class: "chart-axis" }));
  points.forEach((p, i) => {
    const height = p.value === 0 ? 0 : Math.max(2, (p.value / top) * (plot - 12));
    svg.append(
      s(
        "rect",
        { x: i * slot + slot * 0.1, y: plot - height, width: Math.max(1, slot * 0.8), height, class: "chart-bar", "data-value": p.value },
        s("title", {}, `${bucketLabel(p.at, period)}: ${formatNumber(p.value)}`),
      ),
    );
  });
  svg.append(s("text", { x: 2, y: 10, class: "chart-label" }, formatNumber(top)));
  const first = points[0];
  const last = points[points.length - 1];
  if (first) svg.append(s("text", { x: 2, y: HEIGHT - 4, class: "chart-label" }, bucketLabel(first.at, period)));
  if (last && last !== first) svg.append(s("text", { x: WIDTH - 2, y: HEIGHT - 4, class: "chart-label", "text-anchor": "end" }, bucketLabel(last.at, period)));
  return h(
    "figure",
    { class: "chart-box", "data-testid": testid, "data-total": total },
    h("figcaption", {}, h("span", {}, title), " ", h("strong", { "data-testid": "chart-total" }, formatNumber(total))),
    svg,
  );
}
