/**
 * The friends page (#/friends): friends (players who follow each other), the players one follows and one's
 * followers, each with their presence kept live from the channel's `presence` events, a Challenge button beside
 * friends and followed players; the players one blocked; and who may challenge the player (everyone, friends,
 * nobody). The follow, block and challenge buttons of a profile are here too (`socialButtons`).
 */
import type { PlayerProfile } from "../client";
import { ChallengePolicySchema, type ChallengePolicy, type PlayerLink } from "../protocol";
import { openChallengeForm } from "./challenge";
import { button, clear, field, h, select } from "./dom";
import { problemMessage } from "./errors";
import { socialApi } from "./friends-api";
import { t, type MessageKey } from "./i18n";
import { displayName } from "./names";
import { playerLink } from "./players";
import { heardLink, onChannel, presenceHeard } from "./presence-channel";
import { botMark, presenceBadge } from "./presence";

const POLICY_LABELS: Readonly<Record<ChallengePolicy, MessageKey>> = {
  everyone: "friends.policy.everyone",
  friends: "friends.policy.friends",
  nobody: "friends.policy.nobody",
};

/** A player's row: name (with the bot mark), presence that follows the channel, and the buttons given. */
function linkRow(link: PlayerLink, testid: string, ...buttons: HTMLElement[]): HTMLLIElement {
  const badge = h("span", { "data-testid": "presence-slot" }, presenceBadge(heardLink(link).presence));
  return h(
    "li",
    { "data-testid": testid, "data-player-id": link.id, "data-name": link.name },
    h("span", {}, playerLink(displayName(link.name), link.id, "friend-name"), " ", botMark(link.bot), " ", badge),
    h("span", { class: "row" }, ...buttons),
  );
}

export function mountFriends(root: HTMLElement, me: PlayerProfile | null): () => void {
  clear(root);
  let live = true;
  const error = h("p", { class: "error", "data-testid": "friends-error", role: "alert" });
  const body = h("div", { "data-testid": "friends-lists" }, h("p", {}, t("common.loading")));
  const policy = select("challenge-policy", ChallengePolicySchema.options.map((p) => [p, t(POLICY_LABELS[p])] as const), "everyone");
  policy.addEventListener("change", () => {
    const picked = ChallengePolicySchema.safeParse(policy.value);
    if (!picked.success) return;
    error.textContent = "";
    socialApi.setPolicy(picked.data).then(
      () => undefined,
      (err: unknown) => (error.textContent = problemMessage(err)),
    );
  });
  root.append(
    h(
      "section",
      { class: "card", "data-testid": "friends" },
      h("h1", {}, t("friends.title")),
      field(t("friends.policy"), policy),
      error,
      body,
    ),
  );
  if (!me) {
    body.replaceChildren(h("p", { class: "muted" }, t("friends.needPlayer")));
    return () => undefined;
  }
  const guest = me.kind === "guest";
  const act = (action: () => Promise<unknown>) => () => {
    error.textContent = "";
    action().then(load, (err: unknown) => (error.textContent = problemMessage(err)));
  };
  const challengeButton = (p: PlayerLink) => button(t("friends.challenge"), "friend-challenge", () => openChallengeForm({ id: p.id, name: displayName(p.name) }, guest), "primary");

  function load(): void {
    void Promise.all([socialApi.follows(), socialApi.blocks()]).then(
      ([follows, blocks]) => {
        if (!live) return;
        const friends = follows.following.filter((f) => f.friend);
        const oneWay = follows.following.filter((f) => !f.friend);
        const followingIds = new Set(follows.following.map((f) => f.id));
        const fans = follows.followers.filter((f) => !followingIds.has(f.id));
        const list = (title: MessageKey, testid: string, rows: HTMLElement[], empty: MessageKey) =>
          h(
            "section",
            { "data-testid": testid },
            h("h2", {}, t(title)),
            rows.length === 0 ? h("p", { class: "muted" }, t(empty)) : h("ul", { class: "tables" }, ...rows),
          );
        const unfollow = (f: PlayerLink) => button(t("friends.unfollow"), "friend-unfollow", act(() => socialApi.unfollow(f.id)));
        const followBack = (f: PlayerLink) => button(t("friends.followBack"), "friend-follow", act(() => socialApi.follow(f.id)));
        const unblock = (b: PlayerLink) => button(t("friends.unblock"), "friend-unblock", act(() => socialApi.unblock(b.id)));
        body.replaceChildren(
          list("friends.friends", "friends-both", friends.map((f) => linkRow(f, "friend", challengeButton(f), unfollow(f))), "friends.noFriends"),
          list("friends.following", "friends-following", oneWay.map((f) => linkRow(f, "following", challengeButton(f), unfollow(f))), "friends.noFollowing"),
          list("friends.followers", "friends-followers", fans.map((f) => linkRow(f, "follower", followBack(f))), "friends.noFollowers"),
          list("friends.blocked", "friends-blocked", blocks.blocked.map((b) => linkRow(b, "blocked", unblock(b))), "friends.noBlocked"),
        );
      },
      (err: unknown) => {
        if (live) body.replaceChildren(h("p", { class: "error" }, problemMessage(err)));
      },
    );
  }
  load();
  void socialApi.policy().then(
    (p) => {
      if (live) policy.value = p;
    },
    () => undefined, // the select starts at the default; a change is still sent
  );
  // Presence as the channel tells it: each row's badge is drawn again.
  const stop = onChannel(() => {
    for (const row of body.querySelectorAll<HTMLElement>("li[data-player-id]")) {
      const heard = presenceHeard(row.dataset.playerId ?? "");
      const slot = row.querySelector("[data-testid=presence-slot]");
      if (heard && slot) slot.replaceChildren(presenceBadge(heard));
    }
  });
  return () => {
    live = false;
    stop();
  };
}

/** A profile's buttons for another player: follow or unfollow, block or unblock, challenge. */
export function socialButtons(player: { id: string; name: string }, me: PlayerProfile): HTMLElement {
  const error = h("p", { class: "error", "data-testid": "social-error", role: "alert" });
  const row = h("div", { class: "row", "data-testid": "social" });
  const wrap = h("div", {}, row, error);
  let following = false;
  let blocked = false;
  const run = (action: () => Promise<void>) => () => {
    error.textContent = "";
    action().then(draw, (err: unknown) => (error.textContent = problemMessage(err)));
  };
  function draw(): void {
    row.replaceChildren(
      following
        ? button(t("friends.unfollow"), "unfollow", run(async () => { await socialApi.unfollow(player.id); following = false; }))
        : button(t("friends.follow"), "follow", run(async () => { await socialApi.follow(player.id); following = true; blocked = false; }), blocked ? "" : "primary"),
      blocked
        ? button(t("friends.unblock"), "unblock", run(async () => { await socialApi.unblock(player.id); blocked = false; }))
        : button(t("friends.block"), "block", run(async () => { await socialApi.block(player.id); blocked = true; }), "danger"),
      button(t("friends.challenge"), "challenge", () => openChallengeForm(player, me.kind === "guest"), "primary"),
    );
  }
  draw();
  void Promise.all([socialApi.follows(), socialApi.blocks()]).then(
    ([follows, blocks]) => {
      following = follows.following.some((f) => f.id === player.id);
      blocked = blocks.blocked.some((b) => b.id === player.id);
      draw();
    },
    () => undefined, // the buttons still work; the server's answer is the truth
  );
  return wrap;
}
