/**
 * The "Play now" panel: choose rules, length, clock and rated; wait in the pool of those choices over the seek
 * socket (docs/matchmaking.md) with the elapsed time and a cancel; when paired, keep the seat as the lobby does
 * and go straight to the table. Optionally, after a wait the player picks, offer the computer instead. A stake
 * (Domino Coins, docs/coins.md) is one of a few amounts within the operator's bounds, beside the player's balance.
 * The panel reads how many wait in each pool (`GET /v1/seek/pools`, the player not counted) every few seconds and
 * shows the count of the pool the choices name; the lobby lists the pools with someone waiting from the same read.
 */
import { SeekConnection, type CoinBalance, type NardiClient, type PlayerProfile, type SeekEnd, type SeekPaired } from "../client";
import type { PresetName } from "../engine/types";
import {
  SEEK_LENGTHS,
  TIME_CONTROL_NAMES,
  poolKey,
  type SeekChoice,
  type SeekPool,
} from "../protocol";
import { button, clear, field, h, select } from "./dom";
import { codeMessage, problemMessage } from "./errors";
import { t, type MessageKey } from "./i18n";
import { loadSession, saveSeat } from "./store";

export const PRESET_LABELS: ReadonlyArray<readonly [PresetName, MessageKey]> = [
  ["georgian-short", "quick.preset.georgianShort"],
  ["backgammon", "quick.preset.backgammon"],
  ["federation-long", "quick.preset.federationLong"],
  ["armenian-long", "quick.preset.armenianLong"],
];
export const CLOCK_LABELS: Readonly<Record<(typeof TIME_CONTROL_NAMES)[number], MessageKey>> = {
  blitz: "quick.clock.blitz",
  standard: "quick.clock.standard",
  correspondence: "quick.clock.correspondence",
  untimed: "quick.clock.untimed",
};
/** The stakes offered (those within the operator's bounds), besides none. */
const STAKE_CHOICES = [10, 25, 50, 100, 250, 500, 1000] as const;

/** The stakes to offer under these settings: the amounts within the bounds, else the smallest allowed stake. */
export function stakeChoices(settings: CoinBalance["settings"]): number[] {
  const within = STAKE_CHOICES.filter((n) => n >= settings.minStake && n <= settings.maxStake);
  return within.length > 0 ? within : [settings.minStake];
}

/** How often the panel reads the pools' counts (ms); the server answers from counts at most 3 s old. */
const POOLS_POLL_MS = 5_000;

/** Told the pools with someone waiting after each read, with a way to seek in one of them from elsewhere (the lobby's list). */
export type PoolsListener = (pools: readonly SeekPool[], seekIn: (choice: SeekChoice) => void) => void;

/** Seconds of waiting after which the computer is offered; 0: never. */
const BOT_AFTER_CHOICES = [0, 30, 60] as const;

/** m:ss */
function elapsedText(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function endMessage(message: SeekEnd): string {
  if (message.type === "cancelled") {
    if (message.reason === "expired") return t("quick.error.expired");
    if (message.reason === "insufficient-coins") return t("quick.error.coinsGone");
    return "";
  }
  if (message.type === "error") return codeMessage(message.code);
  if (message.type === "lost") return t("quick.error.lost");
  return "";
}

/** Appends the panel to `container`; the returned function ends a seek under way (the page is leaving). */
export function mountQuickPlay(container: HTMLElement, api: NardiClient, me: PlayerProfile | null, onPools?: PoolsListener): () => void {
  const preset = select("quick-preset", PRESET_LABELS.map(([v, key]) => [v, t(key)] as const), "georgian-short");
  const length = select("quick-length", SEEK_LENGTHS.map((n) => [String(n), t("common.points", { count: n })] as const), "1");
  const clock = select("quick-clock", TIME_CONTROL_NAMES.map((n) => [n, t(CLOCK_LABELS[n])] as const), "standard");
  // Rated play and stakes need a claimed name (docs/fair-play.md): for a guest both are disabled, with a hint.
  const guest = me?.kind === "guest";
  const rated = h("input", { type: "checkbox", "data-testid": "quick-rated", disabled: !me || guest });
  const botAfter = select(
    "quick-bot-after",
    BOT_AFTER_CHOICES.map((s) => [String(s), s === 0 ? t("quick.botAfter.never") : t("quick.botAfter.seconds", { count: s })] as const),
    "30",
  );
  const stake = select("quick-stake", [["0", t("quick.stake.none")]], "0");
  stake.disabled = true;
  const balanceLine = h("small", { class: "muted", "data-testid": "quick-balance" }, !me ? t("coins.stakeNeedsPlayer") : guest ? t("fairplay.claimForStakes") : "");
  let coins: CoinBalance | null = null;
  /** The balance and the stakes on offer, read again after every seek (a stake match changes the balance). */
  function loadCoins(): void {
    if (!me || guest) return;
    void api.getCoins().then(
      (read) => {
        coins = read;
        const picked = stake.value;
        clear(stake);
        stake.append(h("option", { value: "0" }, t("quick.stake.none")));
        for (const n of stakeChoices(read.settings)) {
          stake.append(h("option", { value: String(n), disabled: n > read.balance, selected: String(n) === picked }, t("coins.amount", { count: n })));
        }
        if (stake.selectedOptions[0]?.disabled) stake.value = "0";
        stake.disabled = false;
        balanceLine.textContent = t("coins.yourBalance", { count: read.balance });
      },
      () => {
        balanceLine.textContent = t("quick.stake.unavailable");
      },
    );
  }
  const error = h("p", { class: "error", "data-testid": "quick-error" });
  const elapsed = h("span", { "data-testid": "quick-elapsed" });
  const waitingLine = h("p", { class: "muted", "data-testid": "quick-waiting" });
  const poolCount = h("p", { class: "muted pool-count", "data-testid": "quick-pool-count", "aria-live": "polite" });
  /** The last read of the pools' counts (the player's own seeks not counted), and the choices being sought now. */
  let pools: readonly SeekPool[] = [];
  let seeking: SeekChoice | null = null;
  const othersIn = (c: SeekChoice): number => pools.find((p) => p.pool === poolKey(c))?.waiting ?? 0;
  function showCount(): void {
    const others = othersIn(choice());
    poolCount.setAttribute("data-waiting", String(others));
    poolCount.textContent = others === 0 ? t("quick.pool.none") : t("quick.pool.waiting", { count: others });
    // While seeking, the count of the `seeking` message (the player included) follows the reads.
    if (seeking) waitingLine.textContent = t("quick.waiting", { count: othersIn(seeking) + 1 });
  }
  const choices = h("div", {});
  const waiting = h("div", { hidden: true, "data-testid": "quick-searching" });
  const panel = h("section", { class: "card quick", "data-testid": "quick-play-panel" }, h("h2", {}, t("quick.title")), choices, waiting, error);

  let socket: SeekConnection | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  function stop(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    const seek = socket;
    socket = null;
    seek?.cancel();
    waiting.hidden = true;
    choices.hidden = false;
    play.disabled = false;
    seeking = null;
    loadCoins();
  }

  function choice(): SeekChoice {
    return {
      preset: PRESET_LABELS.find(([p]) => p === preset.value)?.[0] ?? "georgian-short",
      length: SEEK_LENGTHS.find((n) => String(n) === length.value) ?? 1,
      timeControl: TIME_CONTROL_NAMES.find((n) => n === clock.value) ?? "standard",
      rated: rated.checked,
      stake: Number(stake.value) || 0,
    };
  }

  function onPaired(message: SeekPaired): void {
    socket = null;
    stop();
    saveSeat({ tableId: message.grant.tableId, seat: message.grant.seat, token: message.grant.token });
    location.hash = `#/t/${message.grant.tableId}`;
  }

  function onEnded(seek: SeekConnection, end: SeekEnd, picked: SeekChoice): void {
    if (socket !== seek) return;
    error.textContent = endMessage(end);
    socket = null;
    stop();
    // A seek refused before the upgrade reaches a browser only as a failed socket: the site switch may be why.
    if (end.type === "lost" && !end.opened) {
      void api.getSite().then(
        (site) => {
          if (site.stops.includes("new-tables") || (picked.stake > 0 && site.stops.includes("stake-tables"))) error.textContent = t("errors.code.siteRestricted");
        },
        () => undefined,
      );
    }
  }

  function start(): void {
    const session = loadSession();
    error.textContent = "";
    if (!me || !session) {
      error.textContent = t("quick.error.session");
      return;
    }
    const picked = choice();
    seeking = picked;
    // The server refuses such a seek before the upgrade, which a browser reports only as a failed socket.
    if (picked.stake > 0 && coins !== null && coins.balance < picked.stake) {
      error.textContent = t("quick.error.coins", { count: picked.stake });
      return;
    }
    const seek: SeekConnection = new SeekConnection(api, picked, session, {
      seeking: (message) => (waitingLine.textContent = t("quick.waiting", { count: message.waiting })),
      paired: onPaired,
      ended: (end) => onEnded(seek, end, picked),
    });
    socket = seek;
    play.disabled = true;
    choices.hidden = true;
    waiting.hidden = false;
    waitingLine.textContent = "";
    offerBot.hidden = true;
    const began = Date.now();
    const offerAfter = Number(botAfter.value) * 1000;
    const tick = () => {
      const ms = Date.now() - began;
      elapsed.textContent = t("quick.searching", { elapsed: elapsedText(ms) });
      if (offerAfter > 0 && ms >= offerAfter) offerBot.hidden = false;
    };
    tick();
    timer = setInterval(tick, 1000);
  }

  const play = button(t("quick.play"), "quick-play", start, "primary");
  const cancel = button(t("quick.cancel"), "quick-cancel", stop);
  const offerBot = button(t("quick.playBot"), "quick-play-bot", () => {
    const picked = choice();
    stop();
    void (async () => {
      try {
        const grant = await api.createTable({ preset: picked.preset, length: picked.length, timeControl: picked.timeControl, opponent: "bot" });
        saveSeat({ tableId: grant.tableId, seat: grant.seat, token: grant.token });
        location.hash = `#/t/${grant.tableId}`;
      } catch (err) {
        error.textContent = problemMessage(err);
      }
    })();
  });

  clear(choices);
  choices.append(
    h("p", { class: "muted" }, t("quick.intro")),
    field(t("quick.rules"), preset),
    field(t("quick.length"), length),
    field(t("quick.clock"), clock),
    field(t("quick.rated"), rated, guest ? h("small", { class: "muted", "data-testid": "quick-rated-hint" }, t("fairplay.claimForRated")) : undefined),
    field(t("quick.stake"), stake),
    balanceLine,
    field(t("quick.botAfter"), botAfter),
    poolCount,
    h("div", { class: "row" }, play),
  );
  waiting.append(h("p", { class: "quick-elapsed" }, elapsed), waitingLine, h("div", { class: "row" }, cancel, offerBot));
  container.append(panel);
  loadCoins();
  for (const input of [preset, length, clock, rated, stake]) input.addEventListener("change", showCount);
  showCount();

  /** Seeks in the pool of `c` (the lobby's list of pools with someone waiting): its choices are picked, then Play now. */
  function seekIn(c: SeekChoice): void {
    if (socket) return;
    preset.value = c.preset;
    length.value = String(c.length);
    clock.value = c.timeControl;
    rated.checked = c.rated && !rated.disabled;
    if (c.stake === 0) stake.value = "0";
    showCount();
    start();
  }
  let live = true;
  const readPools = () => {
    void api.getSeekPools().then(
      (read) => {
        if (!live) return;
        pools = read.pools;
        showCount();
        onPools?.(pools, seekIn);
      },
      () => undefined, // the next read tries again; the counts are a hint, never needed to seek
    );
  };
  readPools();
  const poll = setInterval(readPools, POOLS_POLL_MS);
  return () => {
    live = false;
    clearInterval(poll);
    stop();
  };
}
