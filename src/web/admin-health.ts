/**
 * The server's health as staff read it (GET /v1/health): overall ok, D1 reachable and its latency, the outbox
 * backlog (finished matches whose records wait for D1) and the age of the oldest pending delivery.
 */
import type { Health } from "../protocol/metrics";
import { when } from "./admin-kit";
import { h } from "./dom";
import { formatNumber, t } from "./i18n";

function yes(ok: boolean): HTMLElement {
  return h("span", { class: ok ? "ok" : "bad" }, t(ok ? "admin.health.ok" : "admin.health.failing"));
}

export function healthList(health: Health): HTMLElement {
  const rows: Array<[string, HTMLElement | string, string]> = [
    [t("admin.health.overall"), yes(health.ok), "health-ok"],
    [t("admin.health.d1"), yes(health.d1.ok), "health-d1"],
    [t("admin.health.latency"), health.d1.latencyMs === null ? "—" : t("admin.health.ms", { count: health.d1.latencyMs }), "health-latency"],
    [t("admin.health.outbox"), yes(health.outbox.ok), "health-outbox"],
    [t("admin.health.backlog"), health.outbox.backlog === null ? "—" : formatNumber(health.outbox.backlog), "health-backlog"],
    [
      t("admin.health.oldest"),
      health.outbox.oldestPendingAt === null ? t("admin.health.none") : t("admin.health.oldestAt", { when: when(health.outbox.oldestPendingAt), minutes: Math.round((health.outbox.oldestPendingAgeMs ?? 0) / 60_000) }),
      "health-oldest",
    ],
  ];
  return h("dl", { class: "admin-facts", "data-testid": "health", "data-ok": health.ok }, ...rows.flatMap(([k, v, id]) => [h("dt", {}, k), h("dd", { "data-testid": id }, v)]));
}
