/**
 * #/admin/metrics: the counters of GET /v1/admin/metrics as one small bar chart per counter (all its keys
 * together), per hour or per UTC day, with each key's total under it (matches by preset, errors by code…), and
 * the figures of the moment (open reports, guests and members, coins in circulation, the outbox backlog).
 */
import { CounterNameSchema, type CounterName, type MetricsPeriod, type MetricsReport } from "../protocol/metrics";
import { panel, type AdminContext } from "./admin-kit";
import { barChart } from "./admin-chart";
import { h } from "./dom";
import { formatNumber, t, type MessageKey } from "./i18n";
import { presetName } from "./names";

const COUNTERS: Record<CounterName, MessageKey> = {
  "matches.started": "admin.metrics.matchesStarted",
  "matches.finished": "admin.metrics.matchesFinished",
  "matches.ended": "admin.metrics.matchesEnded",
  commands: "admin.metrics.commands",
  errors: "admin.metrics.errors",
  flags: "admin.metrics.flags",
  reconnects: "admin.metrics.reconnects",
  abandonments: "admin.metrics.abandonments",
  "guests.created": "admin.metrics.guests",
  claims: "admin.metrics.claims",
};

/** How far back each period looks by default: two days of hours, a month of days. */
const SPAN: Record<MetricsPeriod, number> = { hour: 48 * 3_600_000, day: 30 * 86_400_000 };

export function mountMetricsSection(body: HTMLElement, ctx: AdminContext, arg: string | undefined): void {
  const period: MetricsPeriod = arg === "day" ? "day" : "hour";
  body.append(
    h(
      "nav",
      { class: "row tabs", "aria-label": t("admin.metrics.period") },
      ...(["hour", "day"] as const).map((p) => h("a", { href: `#/admin/metrics/${p}`, class: p === period ? "current" : null, "data-testid": `metrics-${p}` }, t(p === "hour" ? "admin.metrics.perHour" : "admin.metrics.perDay"))),
    ),
  );
  const out = h("div", { "data-testid": "metrics", "data-period": period }, h("p", {}, t("common.loading")));
  body.append(out);
  void ctx.api.getMetrics({ period, since: Date.now() - SPAN[period] }).then(
    (report) => ctx.live() && out.replaceChildren(...render(report)),
    (err: unknown) => ctx.fail(out, err),
  );
}

function render(report: MetricsReport): HTMLElement[] {
  const n = report.now;
  const facts: Array<[MessageKey, number | null, string]> = [
    ["admin.metrics.reportsOpen", n.reportsOpen, "now-reports"],
    ["admin.metrics.guestsNow", n.guests, "now-guests"],
    ["admin.metrics.members", n.members, "now-members"],
    ["admin.metrics.coins", n.coinsInCirculation, "now-coins"],
    ["admin.metrics.escrow", n.coinsInEscrow, "now-escrow"],
    ["admin.metrics.backlog", n.outboxBacklog, "now-backlog"],
  ];
  const now = h("dl", { class: "admin-facts" }, ...facts.flatMap(([k, v, id]) => [h("dt", {}, t(k)), h("dd", { "data-testid": id }, v === null ? "—" : formatNumber(v))]));
  const charts = CounterNameSchema.options.map((name) => {
    const series = report.series.filter((s) => s.name === name);
    const values = report.buckets.map((at, i) => ({ at, value: series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0) }));
    const keyed = series.filter((s) => s.key !== "" && s.total > 0).sort((a, b) => b.total - a.total);
    return h(
      "div",
      { class: "admin-chart", "data-counter": name },
      barChart(t(COUNTERS[name]), values, report.period, `chart-${name}`),
      keyed.length > 0 ? h("p", { class: "muted chart-keys" }, keyed.map((s) => `${presetName(s.key)}: ${formatNumber(s.total)}`).join(" · ")) : null,
    );
  });
  return [panel(t("admin.metrics.now"), "metrics-now", now), h("div", { class: "admin-charts" }, ...charts)];
}
