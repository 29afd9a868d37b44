/**
 * The one narrator (src/web/describe.ts): the live table's log and the replay viewer tell a match in the same
 * sentences, naming the sides "White"/"Black" at the table and by the players' names in the replay, in every
 * language the page has.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Side } from "../../src/engine/types";
import type { WireMatchEvent } from "../../src/protocol";
import { describeEvent, handResultText, matchResultText } from "../../src/web/describe";
import { LANGUAGES, setLanguage } from "../../src/web/i18n";

const names: Record<Side, string> = { white: "Ann", black: "Bob" };
const byName = (side: Side) => names[side];

/** One event of every kind a match log holds. */
const story: WireMatchEvent[] = [
  { type: "hand-started", hand: 1, crawford: false, score: { white: 0, black: 0 } },
  { type: "opening-roll", white: 3, black: 5, starter: "black" },
  { type: "opening-roll", white: 4, black: 4, starter: null },
  { type: "rolled", side: "white", dice: [6, 5] },
  { type: "rolled", side: "white", dice: [6, 5], auto: true },
  { type: "played", side: "white", notation: "13/7 13/8", steps: [] },
  { type: "played", side: "white", notation: "6/off", steps: [], forced: true },
  { type: "played", side: "black", notation: "", steps: [] },
  { type: "burned", side: "black", dice: [6, 6] },
  { type: "doubled", side: "white", value: 2 },
  { type: "taken", side: "black", value: 2 },
  { type: "dropped", side: "black" },
  { type: "hand-ended", hand: 1, winner: "white", result: { kind: "mars", points: 2 }, cube: 2, value: 4, score: { white: 4, black: 0 } },
  { type: "resigned", side: "black" },
  { type: "forfeited", side: "black" },
  { type: "timed-out", side: "black" },
  { type: "match-ended", winner: "white", reason: "resign", score: { white: 5, black: 0 } },
  { type: "match-ended", winner: null, reason: "abandoned", score: { white: 1, black: 1 } },
];

afterEach(() => setLanguage("en"));

describe("the narrator", () => {
  it("tells the table and the replay the same sentence, naming the sides as each screen does", () => {
    setLanguage("en");
    const doubled: WireMatchEvent = { type: "doubled", side: "white", value: 2 };
    expect(describeEvent(doubled)).toBe("White doubles to 2");
    expect(describeEvent(doubled, byName)).toBe("Ann doubles to 2");
    const rolled: WireMatchEvent = { type: "rolled", side: "black", dice: [3, 1], auto: true };
    expect(describeEvent(rolled, byName)).toBe("Bob rolled 3-1 (rolled automatically)");
    const hand = story.find((e) => e.type === "hand-ended") as Extract<WireMatchEvent, { type: "hand-ended" }>;
    expect(handResultText(hand)).toBe("Hand 1: White wins — mars (2 points × cube 2) = 4 points. Score 4–0");
    expect(handResultText(hand, byName)).toBe("Hand 1: Ann wins — mars (2 points × cube 2) = 4 points. Score 4–0");
    const end = story.find((e) => e.type === "match-ended") as Extract<WireMatchEvent, { type: "match-ended" }>;
    expect(matchResultText(end)).toBe("Match over: White wins the match 5–0 (Black resigned)");
    expect(matchResultText(end, byName)).toBe("Match over: Ann wins the match 5–0 (Bob resigned)");
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every match event is told whole, with whichever name the screen gives a side`, () => {
      setLanguage(lang);
      for (const e of story) {
        const live = describeEvent(e);
        const replay = describeEvent(e, byName);
        expect(live, `${lang} ${e.type}`).toBeTruthy();
        expect(replay, `${lang} ${e.type}`).not.toMatch(/\{\w+\}/);
        if ("side" in e || e.type === "hand-ended" || (e.type === "match-ended" && e.winner) || (e.type === "opening-roll" && e.starter)) {
          expect(replay, `${lang} ${e.type} names the player`).toMatch(/Ann|Bob/);
        }
      }
    });
  }
});
