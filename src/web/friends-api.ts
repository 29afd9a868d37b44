/**
 * The social routes as the page calls them (docs/friends-and-challenges.md): follows, blocks, the challenge policy
 * and challenges. Each answer is parsed with the protocol's schemas; a refusal is an ApiError with the server's
 * code (the typed client's own methods), so ./errors.ts says it in the player's words.
 */
import { NardiClient } from "../client";
import type { ChallengePolicy, ChallengeSettings } from "../protocol";
import { loadSession } from "./store";

/** The typed client with the session as it is now (it changes with log-in and log-out). */
const client = (): NardiClient => new NardiClient(location.origin, { session: loadSession() ?? undefined });

export const socialApi = {
  follows: () => client().follows(),
  follow: (id: string) => client().follow(id),
  unfollow: (id: string) => client().unfollow(id),
  blocks: () => client().blocks(),
  block: (id: string) => client().block(id),
  unblock: (id: string) => client().unblock(id),
  policy: () => client().challengePolicy(),
  setPolicy: (policy: ChallengePolicy) => client().setChallengePolicy(policy),
  challenges: () => client().challenges(),
  challenge: (to: string, settings: ChallengeSettings) => client().challenge(to, settings),
  accept: (id: string) => client().acceptChallenge(id),
  decline: (id: string) => client().declineChallenge(id),
  cancel: (id: string) => client().cancelChallenge(id),
};
