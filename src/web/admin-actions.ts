/**
 * Acting on a player from their dossier: the action form (action, reason, note, duration, new name) and the
 * undo button of an action that still stands. Each sends one request; the server writes the log row and the
 * effect together, and the dossier is read again afterwards so the page shows what the server now holds.
 */
import type { NardiClient } from "../client";
import { PlayerActionKindSchema, type Dossier, type LogEntry, type PlayerActionBody, type PlayerActionKind } from "../protocol/admin";
import type { ReasonCode } from "../protocol/moderation";
import { ReasonCodeSchema, RoleSchema } from "../protocol/moderation";
import { button, confirmDialog, field, h, select } from "./dom";
import { problemMessage } from "./errors";
import { t, type MessageKey } from "./i18n";
import { actionName, reasonOptions } from "./admin-words";

const TIMED: ReadonlySet<PlayerActionKind> = new Set(["mute", "suspend"]);
const UNITS: ReadonlyArray<readonly [string, number, MessageKey]> = [
  ["minutes", 60, "admin.unit.minutes"],
  ["hours", 3_600, "admin.unit.hours"],
  ["days", 86_400, "admin.unit.days"],
];

/** The form under a dossier; `done` runs after the server accepted an action (to read the dossier again). */
export function actionForm(api: NardiClient, dossier: Dossier, done: (message: string) => void): HTMLElement {
  const action = select("admin-action", PlayerActionKindSchema.options.map((a) => [a, actionName(a)] as const), "warn");
  const reason = select("admin-reason", reasonOptions(), "other");
  const note = h("textarea", { "data-testid": "admin-note", rows: 2, maxlength: 1000, "aria-label": t("admin.form.note") });
  const amount = h("input", { type: "number", min: 1, step: 1, value: 10, inputmode: "numeric", "data-testid": "admin-duration", "aria-label": t("admin.form.duration") });
  const unit = select("admin-duration-unit", UNITS.map(([u, , label]) => [u, t(label)] as const), "minutes");
  const name = h("input", { "data-testid": "admin-new-name", maxlength: 24, placeholder: t("admin.form.nameHint"), "aria-label": t("admin.form.name") });
  const durationRow = field(t("admin.form.duration"), h("span", { class: "row" }, amount, unit));
  const nameRow = field(t("admin.form.name"), name);
  const message = h("p", { class: "error", "data-testid": "admin-action-error", role: "status" });
  const showFields = () => {
    const kind = PlayerActionKindSchema.parse(action.value);
    durationRow.hidden = !TIMED.has(kind);
    nameRow.hidden = kind !== "rename";
  };
  action.addEventListener("change", showFields);
  showFields();
  const submit = button(t("admin.form.submit"), "admin-act", () => {
    const kind = PlayerActionKindSchema.parse(action.value);
    const body: PlayerActionBody = { action: kind, reason: ReasonCodeSchema.parse(reason.value), note: note.value.trim() };
    if (TIMED.has(kind)) {
      const factor = UNITS.find(([u]) => u === unit.value)?.[1] ?? 60;
      body.durationSeconds = Math.round(Number(amount.value) * factor);
    }
    if (kind === "rename" && name.value.trim() !== "") body.name = name.value.trim();
    message.textContent = "";
    submit.disabled = true;
    void api.adminAct(dossier.player.id, body).then(
      (result) => done(t("admin.form.done", { action: actionName(result.entry.action), name: dossier.player.name })),
      (err: unknown) => {
        submit.disabled = false;
        message.textContent = problemMessage(err);
      },
    );
  }, "primary");
  return h(
    "div",
    { class: "admin-form", "data-testid": "admin-action-form" },
    field(t("admin.form.action"), action),
    field(t("admin.form.reason"), reason),
    durationRow,
    nameRow,
    field(t("admin.form.note"), note),
    h("div", { class: "row" }, submit),
    message,
  );
}

/** Admin only (a moderator is answered FORBIDDEN): grant or revoke a staff role; each is a row in the log. */
export function rolesForm(api: NardiClient, dossier: Dossier, done: (message: string) => void): HTMLElement {
  const role = select("admin-role", RoleSchema.options.map((r) => [r, t(r === "admin" ? "admin.role.admin" : "admin.role.moderator")] as const), "moderator");
  role.setAttribute("aria-label", t("admin.players.roleTitle"));
  const message = h("p", { class: "error", role: "status" });
  const send = (op: "grant" | "revoke") => () => {
    const chosen = RoleSchema.parse(role.value);
    const label = actionName(op === "grant" ? "grant-role" : "revoke-role");
    void confirmDialog(t("admin.roles.confirm", { action: label, role: role.selectedOptions[0]?.textContent ?? chosen, name: dossier.player.name }), label, t("admin.cancel")).then((ok) => {
      if (!ok) return;
      message.textContent = "";
      void api.adminSetRole(dossier.player.id, { op, role: chosen, reason: "other", note: "" }).then(
        () => done(t("admin.form.done", { action: label, name: dossier.player.name })),
        (err: unknown) => (message.textContent = problemMessage(err)),
      );
    });
  };
  return h(
    "div",
    { class: "admin-form", "data-testid": "admin-roles-form" },
    h("div", { class: "row" }, role, button(actionName("grant-role"), "admin-grant-role", send("grant")), button(actionName("revoke-role"), "admin-revoke-role", send("revoke"), "danger")),
    message,
  );
}

/** What undoes `entry`, if it is the latest of its kind and still stands; null otherwise. */
function undoOf(entry: LogEntry, dossier: Dossier): { label: string; run: (api: NardiClient, reason: ReasonCode) => Promise<unknown> } | null {
  const history = dossier.history;
  if (history.some((e) => e.undoes === entry.id)) return null;
  const latest = history.find((e) => e.action === entry.action);
  if (latest?.id !== entry.id) return null;
  const id = dossier.player.id;
  const body = (action: PlayerActionKind, reason: ReasonCode): PlayerActionBody => ({ action, reason, note: t("admin.undo.note", { id: entry.id }) });
  const now = Date.now();
  switch (entry.action) {
    case "mute":
      return dossier.standing.muted && dossier.standing.muted.until > now ? { label: actionName("unmute"), run: (api, r) => api.adminAct(id, body("unmute", r)) } : null;
    case "suspend":
      return dossier.standing.suspended && dossier.standing.suspended.until > now ? { label: actionName("unsuspend"), run: (api, r) => api.adminAct(id, body("unsuspend", r)) } : null;
    case "ban":
      return dossier.standing.banned ? { label: actionName("unban"), run: (api, r) => api.adminAct(id, body("unban", r)) } : null;
    case "rename": {
      const from = entry.detail?.from;
      if (typeof from !== "string" || entry.detail?.to !== dossier.player.name) return null;
      return { label: t("admin.undo.renameBack", { name: from }), run: (api, r) => api.adminAct(id, { ...body("rename", r), name: from }) };
    }
    case "reverse-match": {
      const tableId = entry.tableId;
      if (!tableId) return null;
      return { label: actionName("restore-match"), run: (api, r) => api.adminRestoreMatch(tableId, { reason: r, note: body("warn", r).note }) };
    }
    case "grant-role": {
      const role = RoleSchema.safeParse(entry.detail?.role);
      if (!role.success || !dossier.roles.some((r) => r.role === role.data)) return null;
      return { label: actionName("revoke-role"), run: (api, r) => api.adminSetRole(id, { op: "revoke", role: role.data, reason: r, note: body("warn", r).note }) };
    }
    default:
      return null;
  }
}

/** The undo button of a history row (or nothing); asks first, since undoing is itself an action in the log. */
export function undoButton(api: NardiClient, entry: LogEntry, dossier: Dossier, done: (message: string) => void, fail: (message: string) => void): HTMLElement | null {
  const undo = undoOf(entry, dossier);
  if (!undo) return null;
  const b = button(t("admin.undo.button"), "admin-undo", () => {
    void confirmDialog(t("admin.undo.confirm", { action: undo.label, name: dossier.player.name }), undo.label, t("admin.cancel")).then((ok) => {
      if (!ok) return;
      b.disabled = true;
      void undo.run(api, entry.reason).then(
        () => done(t("admin.form.done", { action: undo.label, name: dossier.player.name })),
        (err: unknown) => {
          b.disabled = false;
          fail(problemMessage(err));
        },
      );
    });
  });
  b.setAttribute("data-undoes", entry.id);
  b.title = undo.label;
  return b;
}
