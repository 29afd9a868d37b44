/**
 * The analysis view's pure parts (src/web/analysis-marks.ts): a mark's class, symbol and word in every language,
 * where each decision sits in the move list, and the order "Next mistake" / "Previous mistake" walk.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { LoggedEvent } from "../../src/protocol";
import { PR_WORDS, type Decision, type Mark } from "../../src/protocol/analysis";
import {
  decisionsByItem,
  formatEquity,
  markClass,
  markLabel,
  MARKS,
  markSymbol,
  mistakeSeqs,
  nextMistake,
  previousMistake,
  prLabel,
  worstMark,
} from "../../src/web/analysis-marks";
import { LANGUAGES, setLanguage } from "../../src/web/i18n";

const chances = { win: 0.5, winMars: 0.1, winKoks: 0, loseMars: 0.1, loseKoks: 0 };

function play(seq: number, side: "white" | "black", loss: number, mark: Mark | null): Decision {
  return {
    seq,
    hand: 1,
    side,
    decision: { kind: "play", dice: [3, 1], played: { play: "8/5 6/5", equity: -loss }, best: [{ play: "8/5 6/5", equity: 0 }] },
    loss,
    mark,
    counted: true,
    chances,
    luck: null,
  };
}

function cube(seq: number, side: "white" | "black", action: "no-double" | "double" | "take" | "drop", mark: Mark | null): Decision {
  return {
    seq,
    hand: 1,
    side,
    decision: { kind: "cube", action, right: "double", noDouble: 0.4, doubleTake: 0.5, doubleDrop: 1 },
    loss: mark ? 0.1 : 0,
    mark,
    counted: true,
    chances,
    luck: null,
  };
}

const logged = (seq: number, event: LoggedEvent["event"]): LoggedEvent => ({ seq, at: 0, event });

/** A short hand: White plays, Black rolls (a no-double judged there) and plays, White doubles, Black takes, White plays. */
const EVENTS: LoggedEvent[] = [
  logged(1, { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } }),
  logged(2, { type: "opening-roll", white: 3, black: 1, starter: "white" }),
  logged(3, { type: "played", side: "white", notation: "8/5 6/5", steps: [] }),
  logged(4, { type: "rolled", side: "black", dice: [6, 5] }),
  logged(5, { type: "played", side: "black", notation: "24/13", steps: [] }),
  logged(6, { type: "doubled", side: "white", value: 2 }),
  logged(7, { type: "taken", side: "black", value: 2 }),
  logged(8, { type: "rolled", side: "white", dice: [2, 1] }),
  logged(9, { type: "played", side: "white", notation: "13/11 6/5", steps: [] }),
];

afterEach(() => setLanguage("en"));

describe("a mark as shown", () => {
  it("has a class, the annotators' symbol and a word, so colour is never the only sign", () => {
    expect(MARKS.map((m) => [markClass(m), markSymbol(m), markLabel(m)])).toEqual([
      ["mark-doubtful", "?!", "doubtful"],
      ["mark-bad", "?", "bad"],
      ["mark-very-bad", "??", "very bad"],
    ]);
  });

  it("has its own word in every language, as has every PR word", () => {
    for (const lang of LANGUAGES) {
      setLanguage(lang);
      const words = MARKS.map(markLabel);
      expect(new Set(words).size, lang).toBe(3);
      const prs = PR_WORDS.map((w) => prLabel(w.word));
      expect(new Set(prs).size, lang).toBe(PR_WORDS.length);
      // A translated word, not the schema's id shown as is.
      if (lang !== "en") for (const w of PR_WORDS) expect(prLabel(w.word), `${lang} ${w.word}`).not.toBe(w.word);
    }
  });

  it("of several decisions at one move is the worst", () => {
    expect(worstMark([null, "doubtful", "very-bad", "bad"])).toBe("very-bad");
    expect(worstMark(["doubtful", null])).toBe("doubtful");
    expect(worstMark([null, null])).toBeNull();
    expect(worstMark([])).toBeNull();
  });

  it("writes equities signed with three decimals", () => {
    expect(formatEquity(0.1234)).toBe("+0.123");
    expect(formatEquity(-0.045)).toMatch(/^[-−]0\.045$/);
    expect(formatEquity(0)).toBe("0.000");
  });
});

describe("each decision in the move list", () => {
  it("sits at its own move, and a no-double judged at the roll with the play that follows it", () => {
    const decisions = [play(3, "white", 0.07, "bad"), cube(4, "black", "no-double", "doubtful"), play(5, "black", 0, null), cube(6, "white", "double", null), cube(7, "black", "take", "very-bad"), play(9, "white", 0.01, null)];
    const byItem = decisionsByItem(EVENTS, decisions);
    expect([...byItem].map(([seq, ds]) => [seq, ds.map((d) => `${d.side} ${d.decision.kind}`)])).toEqual([
      [3, ["white play"]],
      [5, ["black cube", "black play"]],
      [6, ["white cube"]],
      [7, ["black cube"]],
      [9, ["white play"]],
    ]);
  });

  it("is left out when the log has no move for it (a record cut short)", () => {
    const byItem = decisionsByItem(EVENTS.slice(0, 4), [play(5, "black", 0.2, "very-bad")]);
    expect(byItem.size).toBe(0);
  });
});

describe("next and previous mistake", () => {
  const byItem = decisionsByItem(EVENTS, [
    play(3, "white", 0.07, "bad"),
    cube(4, "black", "no-double", "doubtful"),
    play(5, "black", 0, null),
    cube(6, "white", "double", null),
    cube(7, "black", "take", "very-bad"),
    play(9, "white", 0.01, null),
  ]);
  const seqs = mistakeSeqs(byItem);

  it("walk the marked moves in the match's order (unmarked ones skipped)", () => {
    expect(seqs).toEqual([3, 5, 7]);
  });

  it("go forward from any position, also between moves, and stop at the last", () => {
    expect(nextMistake(seqs, 0)).toBe(3);
    expect(nextMistake(seqs, 3)).toBe(5);
    expect(nextMistake(seqs, 4)).toBe(5);
    expect(nextMistake(seqs, 6)).toBe(7);
    expect(nextMistake(seqs, 7)).toBeNull();
    expect(nextMistake(seqs, 9)).toBeNull();
  });

  it("go back the same way, and stop at the first", () => {
    expect(previousMistake(seqs, 9)).toBe(7);
    expect(previousMistake(seqs, 7)).toBe(5);
    expect(previousMistake(seqs, 5)).toBe(3);
    expect(previousMistake(seqs, 3)).toBeNull();
    expect(previousMistake([], 9)).toBeNull();
  });
});
