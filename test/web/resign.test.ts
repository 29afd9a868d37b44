/**
 * The Resign dialog's content (src/web/resign.ts): in the backgammon preset the offers the player may make now, each
 * with its points times the cube; in the Georgian and federation presets, plainly that resigning forfeits the match.
 */
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../src/engine/rulesets";
import type { MatchView, TableView } from "../../src/protocol";
import { resignOptions } from "../../src/web/resign";

function table(preset: keyof typeof PRESETS, match: Partial<MatchView>): TableView {
  return { ruleset: PRESETS[preset], length: 5, status: "playing", match: { cube: { value: 2, owner: "white" }, canOfferResign: [], resignOffer: null, ...match } } as unknown as TableView;
}

describe("the resign dialog", () => {
  it("backgammon preset, own turn: a single, gammon or backgammon times the cube, or the whole match", () => {
    const o = resignOptions(table("backgammon", { canOfferResign: ["white"] }), "white");
    expect(o.offers.map((x) => [x.level, x.label])).toEqual([
      ["single", "Offer a single (2 points)"],
      ["gammon", "Offer a gammon (4 points)"],
      ["backgammon", "Offer a backgammon (6 points)"],
    ]);
    expect(o.text.join(" ")).toContain("Or resign the whole match");
  });

  it("backgammon preset, not the player's turn: no offers now, only the whole match", () => {
    const o = resignOptions(table("backgammon", { canOfferResign: ["black"] }), "white");
    expect(o.offers).toEqual([]);
    expect(o.text[0]).toBe("You can offer to resign this hand on your own turn, before or after rolling.");
  });

  it("Georgian and federation presets: resigning forfeits the whole match, said plainly", () => {
    for (const preset of ["georgian-short", "federation-long"] as const) {
      const o = resignOptions(table(preset, {}), "white");
      expect(o.offers).toEqual([]);
      expect(o.text[0]).toMatch(/^Under these rules \(.+\) resigning forfeits the whole match/);
    }
  });
});
