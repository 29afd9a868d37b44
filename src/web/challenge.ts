/**
 * Challenges of a named player (docs/friends-and-challenges.md): the form that sends one with the table's
 * settings (the quick-match choices: rules, length, clock, rated, stake), and the bar under the header that shows
 * the open ones at once, from the player's channel: incoming with Accept and Decline and the time left, outgoing
 * with Cancel. Accepting takes the accepter to the new table from the accept's answer; the challenger goes there
 * from the channel's event (./presence-channel.ts).
 */
import { SEEK_LENGTHS, TIME_CONTROL_NAMES, type Challenge, type ChallengeSettings } from "../protocol";
import { button, clear, field, h, select } from "./dom";
import { problemMessage } from "./errors";
import { socialApi } from "./friends-api";
import { t } from "./i18n";
import { displayName, presetName } from "./names";
import { challengeChanged, goToSeat, onChannel } from "./presence-channel";
import { botMark } from "./presence";
import { CLOCK_LABELS, PRESET_LABELS } from "./quick";

const STAKES = [0, 10, 25, 50, 100, 250, 500, 1000] as const;

/** The form to challenge `to` (a modal): sends the challenge, closes on success, says a refusal in words. */
export function openChallengeForm(to: { id: string; name: string }, guest: boolean): void {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const preset = select("challenge-preset", PRESET_LABELS.map(([v, key]) => [v, t(key)] as const), "georgian-short");
  const length = select("challenge-length", SEEK_LENGTHS.map((n) => [String(n), t("common.points", { count: n })] as const), "1");
  const clock = select("challenge-clock", TIME_CONTROL_NAMES.map((n) => [n, t(CLOCK_LABELS[n])] as const), "standard");
  const rated = h("input", { type: "checkbox", "data-testid": "challenge-rated", disabled: guest });
  const stake = select("challenge-stake", STAKES.map((n) => [String(n), n === 0 ? t("quick.stake.none") : t("coins.amount", { count: n })] as const), "0");
  stake.disabled = guest;
  const error = h("p", { class: "error", "data-testid": "challenge-error", role: "alert" });
  const close = () => {
    overlay.remove();
    before?.focus({ preventScroll: true });
  };
  const settings = (): ChallengeSettings => ({
    preset: PRESET_LABELS.find(([p]) => p === preset.value)?.[0] ?? "georgian-short",
    length: SEEK_LENGTHS.find((n) => String(n) === length.value) ?? 1,
    timeControl: TIME_CONTROL_NAMES.find((n) => n === clock.value) ?? "standard",
    rated: rated.checked,
    stake: Number(stake.value) || 0,
  });
  const send = button(t("challenge.send"), "challenge-send", () => {
    error.textContent = "";
    send.disabled = true;
    socialApi.challenge(to.id, settings()).then(
      (c) => {
        challengeChanged(c);
        close();
      },
      (err: unknown) => {
        send.disabled = false;
        error.textContent = problemMessage(err);
      },
    );
  }, "primary");
  const cancel = button(t("challenge.close"), "challenge-close", close, "secondary");
  const overlay = h(
    "div",
    { class: "modal", "data-testid": "challenge-form", role: "dialog", "aria-modal": "true", "aria-label": t("challenge.title", { name: to.name }) },
    h(
      "div",
      { class: "modal-box" },
      h("h2", {}, t("challenge.title", { name: to.name })),
      field(t("quick.rules"), preset),
      field(t("quick.length"), length),
      field(t("quick.clock"), clock),
      field(t("quick.rated"), rated, guest ? h("small", { class: "muted" }, t("fairplay.claimForRated")) : undefined),
      field(t("quick.stake"), stake),
      error,
      h("div", { class: "row" }, cancel, send),
    ),
  );
  overlay.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") close();
  });
  document.body.append(overlay);
  send.focus();
}

/** m:ss left until `at` (0:00 once past). */
function timeLeft(at: number): string {
  const s = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function settingsLine(c: Challenge): string {
  const s = c.settings;
  const parts = [presetName(s.preset), t("common.points", { count: s.length }), t(CLOCK_LABELS[s.timeControl]), t(s.rated ? "challenge.rated" : "challenge.casual")];
  if (s.stake > 0) parts.push(t("coins.amount", { count: s.stake }));
  return parts.join(" · ");
}

/** The bar of open challenges, kept up to date from the channel; the returned function stops it. */
export function challengesBar(): { el: HTMLElement; stop: () => void } {
  const el = h("section", { class: "challenges-bar", "data-testid": "challenges", "aria-live": "polite", hidden: true });
  const error = h("p", { class: "error", "data-testid": "challenges-error" });
  let shown: { incoming: readonly Challenge[]; outgoing: readonly Challenge[] } = { incoming: [], outgoing: [] };
  const answer = (c: Challenge, action: () => Promise<unknown>) => () => {
    error.textContent = "";
    action().catch((err: unknown) => {
      error.textContent = problemMessage(err);
    });
    void c;
  };
  const row = (c: Challenge, incoming: boolean): HTMLElement => {
    const other = incoming ? c.from : c.to;
    const left = h("span", { class: "muted", "data-testid": "challenge-left", "data-expires-at": c.expiresAt }, t("challenge.left", { time: timeLeft(c.expiresAt) }));
    const buttons = incoming
      ? [
          button(t("challenge.accept"), "challenge-accept", answer(c, async () => {
            const accepted = await socialApi.accept(c.id);
            challengeChanged(accepted.challenge);
            goToSeat(accepted.seat);
          }), "primary"),
          button(t("challenge.decline"), "challenge-decline", answer(c, async () => challengeChanged(await socialApi.decline(c.id)))),
        ]
      : [button(t("challenge.cancel"), "challenge-cancel", answer(c, async () => challengeChanged(await socialApi.cancel(c.id))))];
    return h(
      "li",
      { "data-testid": incoming ? "challenge-in" : "challenge-out", "data-challenge-id": c.id, "data-from": c.from.id, "data-to": c.to.id },
      h(
        "span",
        {},
        t(incoming ? "challenge.from" : "challenge.to", { name: displayName(other.name) }),
        " ",
        botMark(other.bot),
        " ",
        h("span", { class: "muted" }, settingsLine(c)),
        " ",
        left,
      ),
      h("span", { class: "row" }, ...buttons),
    );
  };
  const render = () => {
    clear(el);
    const { incoming, outgoing } = shown;
    el.hidden = incoming.length === 0 && outgoing.length === 0 && error.textContent === "";
    if (incoming.length > 0) el.append(h("h2", {}, t("challenge.incoming")), h("ul", { class: "tables" }, ...incoming.map((c) => row(c, true))));
    if (outgoing.length > 0) el.append(h("h2", {}, t("challenge.outgoing")), h("ul", { class: "tables" }, ...outgoing.map((c) => row(c, false))));
    el.append(error);
  };
  const stopChannel = onChannel((s) => {
    shown = { incoming: s.incoming, outgoing: s.outgoing };
    render();
  });
  const tick = setInterval(() => {
    for (const left of el.querySelectorAll<HTMLElement>("[data-testid=challenge-left]")) left.textContent = t("challenge.left", { time: timeLeft(Number(left.dataset.expiresAt)) });
  }, 1000);
  return {
    el,
    stop: () => {
      stopChannel();
      clearInterval(tick);
    },
  };
}
