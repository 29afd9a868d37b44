import { describe, expect, it } from "vitest";
import { remainingTime } from "../../src/client/clock";
import { clockRemaining, flagAt, LAG_RULE, passClock, startClock, type ClockSettings } from "../../src/engine";

const settings: ClockSettings = { delayMs: 12_000, reserveMs: 120_000 };
const T0 = 1_000_000;

describe("the delay + reserve clock", () => {
  it("starts with the whole reserve for both sides and only the side to act running", () => {
    const clock = startClock(settings, "white", T0);
    expect(clock).toMatchObject({ running: "white", since: T0, reserveMs: { white: 120_000, black: 120_000 } });
    expect(clockRemaining(clock, settings, T0 + 5_000)).toEqual({
      white: { delayMs: 7_000, reserveMs: 120_000 },
      black: { delayMs: 12_000, reserveMs: 120_000 },
    });
  });

  it("a decision within the delay costs no reserve; beyond it the reserve pays the rest less the lag allowance", () => {
    const clock = startClock(settings, "white", T0);
    const quick = passClock(clock, settings, true, "black", T0 + 11_000);
    expect(quick).toMatchObject({ running: "black", since: T0 + 11_000, reserveMs: { white: 120_000 } });
    const slow = passClock(clock, settings, true, "black", T0 + 30_000);
    expect(slow.reserveMs.white).toBe(120_000 - (30_000 - 12_000 - LAG_RULE.perMoveMs));
    expect(slow.lagQuotaMs.white).toBe(LAG_RULE.maxQuotaMs - LAG_RULE.perMoveMs + LAG_RULE.gainMs);
  });

  it("a roll alone does not end the decision: the same side keeps running from the same moment", () => {
    const clock = startClock(settings, "white", T0);
    expect(passClock(clock, settings, false, "white", T0 + 5_000)).toBe(clock);
    // ...but a new side to act always starts a new decision.
    expect(passClock(clock, settings, false, "black", T0 + 5_000)).toMatchObject({ running: "black", since: T0 + 5_000 });
  });

  it("flags after delay + reserve + the lag allowance; the lag quota is bounded and refills per decision", () => {
    let clock = startClock(settings, "white", T0);
    expect(flagAt(clock, settings)).toBe(T0 + 12_000 + 120_000 + LAG_RULE.perMoveMs);
    // Many slow decisions in a row drain the quota to what one decision gains back.
    let t = T0;
    for (let i = 0; i < 20; i++) {
      t += 13_000;
      clock = passClock(clock, settings, true, "white", t);
    }
    expect(clock.lagQuotaMs.white).toBe(LAG_RULE.gainMs);
    expect(flagAt(clock, settings)).toBe(t + 12_000 + clock.reserveMs.white + LAG_RULE.gainMs);
    expect(flagAt({ ...clock, running: null }, settings)).toBeNull();
  });

  it("the reserve never goes below zero", () => {
    const clock = passClock(startClock(settings, "black", T0), settings, true, "white", T0 + 10 * 60_000);
    expect(clock.reserveMs.black).toBe(0);
    expect(clockRemaining({ ...clock, running: "black", since: T0 }, settings, T0 + 10 * 60_000).black).toEqual({ delayMs: 0, reserveMs: 0 });
  });
});

describe("the client's countdown (remainingTime)", () => {
  const view = {
    serverTime: T0,
    running: "white" as const,
    since: T0 - 4_000,
    remaining: { white: { delayMs: 8_000, reserveMs: 60_000 }, black: { delayMs: 12_000, reserveMs: 50_000 } },
    lagAllowanceMs: 500,
    flagAt: T0 + 68_500,
  };

  it("counts the running side down from when the view arrived, delay first, then reserve; the other side stands", () => {
    const arrived = 5_000; // this machine's clock: it need not agree with the server's
    expect(remainingTime(view, arrived, arrived + 3_000)).toEqual({
      white: { delayMs: 5_000, reserveMs: 60_000, totalMs: 65_000 },
      black: { delayMs: 12_000, reserveMs: 50_000, totalMs: 62_000 },
    });
    expect(remainingTime(view, arrived, arrived + 18_000).white).toEqual({ delayMs: 0, reserveMs: 50_000, totalMs: 50_000 });
    expect(remainingTime(view, arrived, arrived + 99_000).white).toEqual({ delayMs: 0, reserveMs: 0, totalMs: 0 });
  });
});
