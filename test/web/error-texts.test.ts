/**
 * Every error code a player can meet has a text in each language, and the page shows only that text: never the
 * code, never the server's developer detail (issue 21 "Error texts", issue 24 "Errors end to end").
 */
import { describe, expect, it } from "vitest";
import { ApiError, CommandError, NardiClient } from "../../src/client";
import { ERROR_CODES } from "../../src/protocol";
import { ERROR_TEXTS, errorText } from "../../src/web/error-texts";
import { codeMessage, problemMessage, reportProblemMessage } from "../../src/web/errors";
import { CATALOGUES, LANGUAGES, setLanguage, translate, type MessageKey } from "../../src/web/i18n";

const ARMENIAN = /[\u0531-\u0587]/;
const GEORGIAN = /[\u10D0-\u10FF]/;
const CYRILLIC = /[\u0400-\u04FF]/;
const SCRIPT = { en: /[a-z]/, ru: CYRILLIC, ka: GEORGIAN, hy: ARMENIAN } as const;

describe("the error texts", () => {
  it("name a text for every code the protocol has (the engine's rule codes too)", () => {
    const missing = ERROR_CODES.filter((code) => !(code in ERROR_TEXTS));
    expect(missing).toEqual([]);
    expect(Object.keys(ERROR_TEXTS).sort()).toEqual([...ERROR_CODES].sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every code's text is a sentence in ${lang}'s own script, never a code or a dump`, () => {
      for (const code of ERROR_CODES) {
        const key = ERROR_TEXTS[code];
        const text = CATALOGUES[lang][key];
        expect(typeof text, `${lang} ${code}`).toBe("string");
        const sentence = translate(lang, key, { until: "2026-12-31" });
        expect(sentence, `${lang} ${code}`).toMatch(SCRIPT[lang]);
        expect(sentence, `${lang} ${code}`).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|\{|\}/);
        if (lang !== "en") expect(sentence, `${lang} ${code}: translated, not the English`).not.toBe(translate("en", key, { until: "2026-12-31" }));
      }
    });
  }

  it("the client's own codes have texts too: a lost connection, an answer not understood", () => {
    expect(errorText("CONNECTION_CLOSED")).toBe("errors.code.connectionClosed");
    expect(errorText("BAD_RESPONSE")).toBe("errors.code.other");
    expect(errorText("HTTP_502")).toBe("errors.code.other");
  });
});

describe("what the page shows for a refusal", () => {
  it("an Armenian page says a bad sign-up in Armenian: no code, no validation dump", () => {
    setLanguage("hy");
    const dump = 'json password: Too small: expected string to have >=8 characters';
    const text = problemMessage(new ApiError(400, "BAD_REQUEST", dump));
    expect(text).toBe(translate("hy", "errors.code.badRequest"));
    expect(text).toMatch(ARMENIAN);
    expect(text).not.toContain("BAD_REQUEST");
    expect(text).not.toContain("password");
    expect(problemMessage(new ApiError(401, "BAD_CREDENTIALS", "wrong name or password"))).toBe(translate("hy", "errors.code.badCredentials"));
    setLanguage("en");
  });

  it("a refused command is said in words, not as `CODE: message`", () => {
    for (const lang of LANGUAGES) {
      setLanguage(lang);
      const text = problemMessage(new CommandError("NOT_YOUR_TURN", "white is to act", 12));
      expect(text).toBe(translate(lang, "errors.code.notYourTurn"));
      expect(problemMessage(new CommandError("CONNECTION_CLOSED", "the connection is closed"))).toBe(translate(lang, "errors.code.connectionClosed"));
      expect(codeMessage("RATE_LIMITED")).toBe(translate(lang, "errors.code.rateLimited"));
    }
    setLanguage("en");
  });

  it("a sanction's end is named in the reader's language, not its ISO string", () => {
    setLanguage("ru");
    const text = problemMessage(new ApiError(403, "SUSPENDED", "suspended until 2026-12-31T10:00:00.000Z"));
    expect(text).not.toContain("2026-12-31T10");
    expect(text).toContain("2026");
    setLanguage("en");
  });

  it("every code, in every language, from the API or a command: the code's text, never the detail or the code", () => {
    const dump = "json password: Too small: expected string to have >=8 characters";
    for (const lang of LANGUAGES) {
      setLanguage(lang);
      for (const code of ERROR_CODES) {
        for (const err of [new ApiError(400, code, dump), new CommandError(code, dump, 3)]) {
          const text = problemMessage(err);
          expect(text, `${lang} ${code}`).toBe(translate(lang, ERROR_TEXTS[code], { until: "" }));
          expect(text, `${lang} ${code}`).not.toContain(code);
          expect(text, `${lang} ${code}`).not.toMatch(/Too small|json|>=8|\{|\}/);
          expect(text, `${lang} ${code}`).toMatch(SCRIPT[lang]);
          expect(reportProblemMessage(err), `${lang} ${code} (report dialog)`).not.toMatch(/[A-Z]{2,}_[A-Z]{2,}|Too small|>=8|\{/);
        }
      }
    }
    setLanguage("en");
  });

  it("the texts only some forms show (reports, chat, fair play, the site switch) are translated too", () => {
    const keys = (Object.keys(CATALOGUES.en) as MessageKey[]).filter((k) => /^(errors\.|chat\.error\.|fairplay\.code\.|quick\.error\.)/.test(k));
    for (const lang of ["ru", "ka", "hy"] as const) {
      for (const key of keys) {
        const text = translate(lang, key, { until: "2026-12-31", count: 2, time: "12:00" });
        expect(text, `${lang} ${key}`).toMatch(SCRIPT[lang]);
        expect(text, `${lang} ${key}`).not.toBe(translate("en", key, { until: "2026-12-31", count: 2, time: "12:00" }));
      }
    }
  });

  it("anything else is the generic sentence, with no detail in it", () => {
    setLanguage("ka");
    expect(problemMessage(new Error("TypeError-free failure: stack at line 3"))).toBe(translate("ka", "errors.code.other"));
    expect(problemMessage(new ApiError(502, "HTTP_502", "<html>Bad gateway</html>"))).toBe(translate("ka", "errors.code.other"));
    setLanguage("en");
  });
});

describe("the client's codes", () => {
  const answering = (status: number, body: unknown) =>
    new NardiClient("http://nardi.test", {
      fetch: async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/problem+json" } }),
    });

  it("a problem body's known code reaches the caller as it is", async () => {
    const err = await answering(409, { type: "urn:nardi:problem:table-full", title: "Table is full", status: 409, code: "TABLE_FULL", detail: "both seats are taken" })
      .joinTable("t1", { name: "Bob" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("TABLE_FULL");
    expect((err as ApiError).detail).toBe("both seats are taken");
  });

  it("a code newer than this client arrives as BAD_RESPONSE, the code kept in the detail", async () => {
    const err = await answering(409, { type: "urn:nardi:problem:x", title: "X", status: 409, code: "SOME_NEWER_CODE", detail: "why" })
      .joinTable("t1", { name: "Bob" })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("BAD_RESPONSE");
    expect((err as ApiError).detail).toBe("SOME_NEWER_CODE: why");
    expect((err as ApiError).status).toBe(409);
  });
});
