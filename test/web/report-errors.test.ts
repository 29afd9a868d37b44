/** The report dialog says every refusal of POST /v1/reports in words (docs/reports.md#codes), in every language. */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/client";
import { problemMessage, reportProblemMessage } from "../../src/web/errors";
import { LANGUAGES, setLanguage, translate } from "../../src/web/i18n";

/** Every code a filing can be refused with. */
const REFUSALS = ["BAD_REQUEST", "UNAUTHORIZED", "SAME_PLAYER", "PLAYER_NOT_FOUND", "TABLE_NOT_FOUND", "SPECTATOR", "RATE_LIMITED"];

describe("the report dialog's refusals", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: each is its own sentence, never the generic "something went wrong"`, () => {
      setLanguage(lang);
      const generic = translate(lang, "errors.code.other");
      const texts = REFUSALS.map((code) => reportProblemMessage(new ApiError(400, code, "detail")));
      for (const [i, text] of texts.entries()) {
        expect(text, REFUSALS[i]).not.toContain("detail");
        expect(text, REFUSALS[i]).not.toContain(generic.slice(0, 8));
      }
      expect(new Set(texts).size).toBe(REFUSALS.length);
      // The same code means something else elsewhere on the page: the dialog's words are its own.
      expect(reportProblemMessage(new ApiError(429, "RATE_LIMITED", ""))).not.toBe(problemMessage(new ApiError(429, "RATE_LIMITED", "")));
    });
  }
});
