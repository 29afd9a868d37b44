/**
 * The account's own pieces (docs/players.md#recovery-codes): the one-time recovery code shown after a claim or a
 * reset until the player says they wrote it down, "forgot password" with the code, a new code, "delete my account"
 * with a confirm step, the guest's prompt to claim a name (and its warning that a guest lives in this browser's
 * storage only), and the name a rated or stake table will show.
 */
import type { NardiClient, PlayerProfile } from "../client";
import { button, confirmDialog, h } from "./dom";
import { problemMessage } from "./errors";
import { language, t } from "./i18n";
import { signedIn, visitor as newVisitor, type Visitor } from "./session";
import { forgetSession } from "./store";

/**
 * The code just given, kept in memory only (never stored: the server shows it once, and so does the page) until
 * the player confirms they wrote it down. It survives the profile being drawn again after the claim.
 */
let shownCode: string | null = null;
/** The new guest's id after the account was deleted: their profile says so (until this page is reloaded). */
let deletedFor: string | null = null;

export function showRecoveryCode(code: string): void {
  shownCode = code;
  deletedFor = null;
}

/** The code card, while a code waits to be written down (else nothing). */
export function recoveryCodeCard(): HTMLElement | null {
  if (shownCode === null) return null;
  const card = h(
    "section",
    { class: "card notice recovery-code", "data-testid": "recovery-code-card", role: "status" },
    h("h2", {}, t("accounts.code.title")),
    h("p", {}, t("accounts.code.about")),
    h("p", {}, h("code", { class: "big-code", "data-testid": "recovery-code" }, shownCode)),
  );
  card.append(
    h(
      "div",
      { class: "row" },
      button(t("accounts.code.done"), "recovery-code-done", () => {
        shownCode = null;
        card.remove();
      }, "primary"),
    ),
  );
  return card;
}

/** Shown after a deletion, on the new guest's profile. */
export function deletedCard(playerId: string): HTMLElement | null {
  if (deletedFor !== playerId) return null;
  return h("section", { class: "card notice", "data-testid": "account-deleted", role: "status" }, h("p", {}, t("accounts.delete.done")));
}

/** A guest's prompt to claim a name, and the warning that clearing the browser's storage loses the guest. */
export function guestNotice(player: PlayerProfile | null, withLink: boolean): HTMLElement | null {
  if (player?.kind !== "guest") return null;
  return h(
    "section",
    { class: "notice guest-notice", "data-testid": "guest-notice" },
    h("strong", {}, t("accounts.guest.title")),
    " ",
    h("span", {}, t("accounts.guest.about")),
    withLink ? h("span", {}, " ", h("a", { href: `#/p/${player.id}`, "data-testid": "guest-claim" }, t("accounts.guest.claim"))) : null,
  );
}

/** "Forgot your password?": name, recovery code and a new password; a success signs in and shows the next code. */
export function forgotPassword(anonymous: NardiClient, onSession: (v: Visitor) => void): HTMLElement {
  const name = h("input", { "data-testid": "forgot-name", maxlength: 24, "aria-label": t("players.account.name"), placeholder: t("players.account.name"), autocomplete: "username" });
  const code = h("input", { "data-testid": "forgot-code", maxlength: 64, "aria-label": t("accounts.forgot.code"), placeholder: t("accounts.forgot.code"), autocomplete: "off", spellcheck: "false" });
  const password = h("input", {
    "data-testid": "forgot-password",
    type: "password",
    "aria-label": t("accounts.forgot.newPassword"),
    placeholder: t("accounts.forgot.newPassword"),
    autocomplete: "new-password",
  });
  const error = h("p", { class: "error", "data-testid": "forgot-error", role: "alert" });
  const submit = button(t("accounts.forgot.submit"), "forgot-submit", () => {
    error.textContent = "";
    submit.disabled = true;
    anonymous
      .recover({ name: name.value.trim(), code: code.value, newPassword: password.value })
      .then((grant) => {
        showRecoveryCode(grant.recoveryCode);
        onSession(signedIn(anonymous, grant));
      })
      .catch((err: unknown) => {
        error.textContent = problemMessage(err);
        submit.disabled = false;
      });
  });
  return h(
    "details",
    { class: "forgot", "data-testid": "forgot" },
    h("summary", { "data-testid": "forgot-open" }, t("accounts.forgot.title")),
    h("p", { class: "muted" }, t("accounts.forgot.about")),
    h("div", { class: "row" }, name, code, password),
    h("div", { class: "row" }, submit),
    error,
  );
}

/** A member's recovery code: whether one is set, and a new one after the password is typed again. */
export function recoveryCodeState(api: NardiClient): HTMLElement {
  const state = h("p", { class: "muted", "data-testid": "recovery-state" });
  const password = h("input", {
    "data-testid": "recovery-password",
    type: "password",
    "aria-label": t("players.account.password"),
    placeholder: t("players.account.password"),
    autocomplete: "current-password",
  });
  const error = h("p", { class: "error", "data-testid": "recovery-error", role: "alert" });
  const box = h("div", { class: "recovery-state" }, state);
  const showState = (issuedAt: number | null) => {
    state.textContent =
      issuedAt === null ? t("accounts.code.stateNone") : t("accounts.code.stateSet", { date: new Date(issuedAt).toLocaleDateString(language()) });
    state.setAttribute("data-set", String(issuedAt !== null));
  };
  void api.getRecoveryCodeState().then((s) => showState(s.issuedAt), () => undefined);
  const renew = button(t("accounts.code.new"), "recovery-new", () => {
    error.textContent = "";
    renew.disabled = true;
    api
      .newRecoveryCode(password.value)
      .then((issued) => {
        password.value = "";
        showState(issued.issuedAt);
        showRecoveryCode(issued.recoveryCode);
        const card = recoveryCodeCard();
        if (card) box.after(card);
      })
      .catch((err: unknown) => (error.textContent = problemMessage(err)))
      .finally(() => (renew.disabled = false));
  });
  box.append(h("p", { class: "muted" }, t("accounts.code.newHint")), h("div", { class: "row" }, password, renew), error);
  return box;
}

/** "Delete my account", after a confirm step; the page goes on as a new guest. */
export function deleteAccount(current: Visitor, onSession: (v: Visitor) => void): HTMLElement {
  const error = h("p", { class: "error", "data-testid": "delete-error", role: "alert" });
  const start = button(
    t("accounts.delete.start"),
    "delete-account",
    () => {
      void (async () => {
        if (!(await confirmDialog(t("accounts.delete.confirm"), t("accounts.delete.yes"), t("accounts.delete.cancel"), true))) return;
        error.textContent = "";
        try {
          await current.api.deleteMe();
        } catch (err) {
          error.textContent = problemMessage(err);
          return;
        }
        forgetSession();
        shownCode = null;
        const next = await newVisitor(current.api.withSession(undefined));
        deletedFor = next.me?.id ?? null;
        onSession(next);
      })();
    },
    "danger",
  );
  return h("div", { class: "delete-account" }, h("div", { class: "row" }, start), error);
}

/**
 * At a rated or stake table the seat carries the account's name whatever is typed (docs/players.md#seats-and-players),
 * so the name field gives way to this line while such a table is chosen.
 */
export function seatNameNote(player: PlayerProfile | null): HTMLElement {
  return h("p", { class: "muted seat-name", "data-testid": "seat-name", hidden: true }, player ? t("accounts.seatName", { name: player.name }) : "");
}

/** Shows the note instead of the name field while `accountSeat()` holds (re-checked on every change inside `form`). */
export function followAccountSeat(form: HTMLElement, nameField: HTMLElement, note: HTMLElement, accountSeat: () => boolean): () => void {
  const update = () => {
    const account = accountSeat();
    nameField.hidden = account;
    note.hidden = !account;
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
  return update;
}
