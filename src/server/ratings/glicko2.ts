/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2022) with lichess's constants, RD growing with real
 * time, and a match-length weighting: a match to n points is one game whose rating gap counts √n times (FIBS's
 * idea, P(win) = 1 / (1 + 10^(-D·√n / 2000)), carried into Glicko-2 by multiplying the opponent's g(φ) by √n).
 * So a match to 7 moves ratings more than a match to 1, and ratings predict single-point matches. Pure: no I/O.
 */

/** Glicko-2's scale factor between the displayed scale and its internal one. */
export const GLICKO_SCALE = 173.7178;
const SCALE = GLICKO_SCALE;

export const GLICKO = {
  rating: 1500,
  /** A new player's RD (Glickman's default); inactivity grows it up to maxRd (lichess's 500). */
  rd: 350,
  maxRd: 500,
  /** lichess keeps RD above 45, so an active player's rating keeps moving. */
  minRd: 45,
  volatility: 0.09,
  maxVolatility: 0.1,
  /** System constant: lichess uses 0.75. */
  tau: 0.75,
  /** lichess: one rating period ≈ 4.67 days, so RD grows as sqrt(φ² + σ²·days·0.21436) while a player is away. */
  periodsPerDay: 0.21436,
  /** Ratings with RD above this are provisional: marked, and left off leaderboards (lichess: 110). */
  provisionalRd: 110,
  convergence: 0.000001,
} as const;

export interface Glicko {
  rating: number;
  rd: number;
  volatility: number;
}

export interface Game {
  opponent: Glicko;
  /** 1 win, 0 loss, 0.5 draw. */
  score: number;
  /** Match length in points: the game's weight is √length. */
  length?: number;
}

export const NEW_RATING: Glicko = { rating: GLICKO.rating, rd: GLICKO.rd, volatility: GLICKO.volatility };

export function isProvisional(rating: Pick<Glicko, "rd">): boolean {
  return rating.rd > GLICKO.provisionalRd;
}

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

/** The chance that `player` wins a match to `length` against `opponent` (the weighted Glicko-2 expectation). */
export function expectedScore(player: Glicko, opponent: Glicko, length = 1): number {
  const mu = (player.rating - GLICKO.rating) / SCALE;
  const muJ = (opponent.rating - GLICKO.rating) / SCALE;
  return 1 / (1 + Math.exp(-Math.sqrt(length) * g(opponent.rd / SCALE) * (mu - muJ)));
}

/**
 * The chance that `a` beats `b` in a match to `length`, counting both players' uncertainty (Glickman's
 * prediction uses g(√(φa² + φb²))): what the calibration benchmark compares with the outcomes.
 */
export function winProbability(a: Glicko, b: Glicko, length = 1): number {
  const phi = Math.hypot(a.rd, b.rd) / SCALE;
  return 1 / (1 + Math.exp(-Math.sqrt(length) * g(phi) * ((a.rating - b.rating) / SCALE)));
}

/** RD after `days` without games: grows with the player's volatility, up to the clamp. */
export function ageRating(player: Glicko, days: number): Glicko {
  if (days <= 0) return player;
  const phi = player.rd / SCALE;
  const grown = Math.sqrt(phi * phi + player.volatility * player.volatility * days * GLICKO.periodsPerDay) * SCALE;
  return { ...player, rd: clamp(grown, GLICKO.minRd, GLICKO.maxRd) };
}

/**
 * One rating period for `player` with `games` (Glickman's steps 2–8). With no games only the RD grows. The
 * result's RD is clamped to lichess's [45, 500] and its volatility to at most 0.1; `clampRd: false` and
 * `tau: 0.5` give the textbook numbers (Glickman's worked example uses τ = 0.5).
 */
export function rate(player: Glicko, games: readonly Game[], options: { clampRd?: boolean; tau?: number } = {}): Glicko {
  const clampRd = options.clampRd ?? true;
  const mu = (player.rating - GLICKO.rating) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    const rd = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return { ...player, rd: clampRd ? clamp(rd, GLICKO.minRd, GLICKO.maxRd) : rd };
  }
  let vInverse = 0;
  let deltaSum = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - GLICKO.rating) / SCALE;
    const gJ = Math.sqrt(game.length ?? 1) * g(game.opponent.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    vInverse += gJ * gJ * e * (1 - e);
    deltaSum += gJ * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * deltaSum;
  const newSigma = Math.min(newVolatility(phi, sigma, v, delta, options.tau ?? GLICKO.tau), GLICKO.maxVolatility);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * deltaSum;
  const rd = newPhi * SCALE;
  return {
    rating: newMu * SCALE + GLICKO.rating,
    rd: clampRd ? clamp(rd, GLICKO.minRd, GLICKO.maxRd) : rd,
    volatility: newSigma,
  };
}

/** Step 5: the Illinois algorithm for the new volatility. */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > GLICKO.convergence) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  return Math.exp(lower / 2);
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/**
 * Both players' ratings after one match, each first aged by the days since their last rated game. `winner`
 * null: the match counts as nothing (an abandoned match is not rated).
 */
export function rateMatch(
  players: { white: Glicko & { ratedAt: number }; black: Glicko & { ratedAt: number } },
  winner: "white" | "black",
  length: number,
  now: number,
): { white: Glicko; black: Glicko } {
  const day = 86_400_000;
  const white = ageRating(players.white, (now - players.white.ratedAt) / day);
  const black = ageRating(players.black, (now - players.black.ratedAt) / day);
  return {
    white: rate(white, [{ opponent: black, score: winner === "white" ? 1 : 0, length }]),
    black: rate(black, [{ opponent: white, score: winner === "black" ? 1 : 0, length }]),
  };
}
