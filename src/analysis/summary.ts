/** Per-player figures of an analysis (docs/analysis.md): counts, error rates, PR, marks, luck. */
import { prWordOf, type Decision, type PlayerAnalysis } from "../protocol/analysis";
import type { Side } from "../engine";

/** A decision with the cube value it was made at. */
export interface Judged {
  decision: Decision;
  cube: number;
}

/**
 * `side`'s figures from the decisions (all of them; only `counted` ones enter the counts and rates).
 * `pointsNet`: the side's final score minus its opponent's; `luckPoints`: its luck total with each roll's luck
 * times the cube it was rolled at (normalized equity is in units of a single hand at the current cube).
 */
export function playerFigures(decisions: readonly Judged[], side: Side, pointsNet: number): PlayerAnalysis {
  let checker = 0;
  let cube = 0;
  let checkerLoss = 0;
  let cubeLoss = 0;
  let luck = 0;
  let luckPoints = 0;
  const marks = { doubtful: 0, bad: 0, veryBad: 0 };
  for (const { decision: d, cube: cubeValue } of decisions) {
    if (d.side !== side) continue;
    if (d.luck) {
      luck += d.luck.value;
      luckPoints += d.luck.value * cubeValue;
    }
    if (!d.counted) continue;
    if (d.decision.kind === "play") {
      checker++;
      checkerLoss += d.loss;
    } else {
      cube++;
      cubeLoss += d.loss;
    }
    if (d.mark === "doubtful") marks.doubtful++;
    else if (d.mark === "bad") marks.bad++;
    else if (d.mark === "very-bad") marks.veryBad++;
  }
  const count = checker + cube;
  const rate = (loss: number, n: number) => (n === 0 ? 0 : round((1000 * loss) / n, 1));
  const pr = count === 0 ? 0 : round((500 * (checkerLoss + cubeLoss)) / count, 2);
  return {
    decisions: count,
    checkerDecisions: checker,
    cubeDecisions: cube,
    errorRate: rate(checkerLoss + cubeLoss, count),
    checkerErrorRate: rate(checkerLoss, checker),
    cubeErrorRate: rate(cubeLoss, cube),
    pr,
    prWord: prWordOf(pr),
    marks,
    luck: round(luck, 3),
    luckAdjusted: round(pointsNet - luckPoints, 3),
  };
}

export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f || 0; // never −0: the JSON form must read back equal
}
