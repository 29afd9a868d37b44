/**
 * A match equity table: the chance of winning the match from a score, for backgammon-style scoring with the
 * Crawford rule. It is computed, not typed in, by the classic model behind published tables (Zadeh 1977;
 * Woolsey's and Kazaross's tables refine it with rollout data): every hand is won by either side with chance 1/2,
 * and a won hand is a mars (gammon) with chance `MARS_RATE`. In the Crawford hand there is no cube; after it the
 * trailer doubles at once, so each hand is worth 2 (or 4). Before it the model ignores the cube. A coarse table,
 * but its shape (even at equal scores, complementary, Crawford effects) is what the bot's choices need.
 */

/** How often a won hand is a mars: an assumed round figure (strong bots win 20–45% of their hands as mars or koks). */
const MARS_RATE = 0.25;
const MAX = 25;

/** `postCrawford[b]`: the trailer's chance, needing b, against a leader needing 1 after the Crawford hand. */
const postCrawford = new Float64Array(MAX + 1);
/** `crawford[b]`: the trailer's chance, needing b, in the Crawford hand (leader needs 1). */
const crawford = new Float64Array(MAX + 1);
/** `table[a][b]`: the chance of the side needing a against one needing b, both ≥ 2, before the Crawford hand. */
const table: Float64Array[] = [];

function post(b: number): number {
  return b <= 0 ? 1 : postCrawford[b]!;
}

for (let b = 1; b <= MAX; b++) {
  postCrawford[b] = b === 1 ? 0.5 : 0.5 * (1 - MARS_RATE) * post(b - 2) + 0.5 * MARS_RATE * post(b - 4);
}
for (let b = 2; b <= MAX; b++) crawford[b] = 0.5 * (1 - MARS_RATE) * post(b - 1) + 0.5 * MARS_RATE * post(b - 2);
for (let a = 0; a <= MAX; a++) table.push(new Float64Array(MAX + 1));
for (let a = 2; a <= MAX; a++) {
  for (let b = 2; b <= MAX; b++) {
    const win = (1 - MARS_RATE) * preCrawford(a - 1, b) + MARS_RATE * preCrawford(a - 2, b);
    const lose = (1 - MARS_RATE) * preCrawford(a, b - 1) + MARS_RATE * preCrawford(a, b - 2);
    table[a]![b] = 0.5 * win + 0.5 * lose;
  }
}

/** Before the Crawford hand has been reached (a side arriving at 1-away starts it). */
function preCrawford(a: number, b: number): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  if (a === 1 && b === 1) return 0.5;
  if (a === 1) return 1 - crawford[b]!;
  if (b === 1) return crawford[a]!;
  return table[a]![b]!;
}

/**
 * The chance that the side needing `a` points beats the side needing `b` (both counted from the start of the next
 * hand). `crawfordPassed`: the Crawford hand has been played or is being played, so a 1-away score is post-Crawford.
 */
export function matchWinningChance(a: number, b: number, crawfordPassed: boolean): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  a = Math.min(a, MAX);
  b = Math.min(b, MAX);
  if (!crawfordPassed) return preCrawford(a, b);
  if (a === 1 && b === 1) return 0.5;
  if (a === 1) return 1 - post(b);
  if (b === 1) return post(a);
  return table[a]![b]!;
}
