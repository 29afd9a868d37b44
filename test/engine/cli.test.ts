import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { handleLine } from "../../src/cli/engine-protocol";

const START_SHORT = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
const START_LONG = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0];

function ask(request: unknown): Record<string, unknown> {
  return JSON.parse(handleLine(JSON.stringify(request))) as Record<string, unknown>;
}

function errorCode(answer: Record<string, unknown>): string | undefined {
  return (answer.error as { code?: string } | undefined)?.code;
}

describe("engine CLI requests (handleLine)", () => {
  it("legal: the required request form, answered with count and plays (board + notation)", () => {
    const answer = ask({
      cmd: "legal",
      variant: "long",
      board: { white: START_LONG, black: START_LONG },
      turn: "white",
      dice: [3, 3],
      firstTurn: true,
    });
    // docs/rules.md §3 table: first-turn 3-3 for White is `24/18 24/18` or `24/15 24/21`.
    expect(answer.count).toBe(2);
    const plays = answer.plays as Array<{ board: { white: number[]; black: number[] }; play: string }>;
    expect(plays).toHaveLength(2);
    const byBoard = plays.map((p) => p.board.white.map((n, i) => (n ? `${i}:${n}` : "")).filter(Boolean).join(" ")).sort();
    expect(byBoard).toEqual(["15:1 21:1 24:13", "18:2 24:13"]);
    for (const p of plays) {
      expect(p.board.black).toEqual(START_LONG);
      expect(Object.keys(p)).toEqual(["board", "play"]);
    }
  });

  it("legal: a position string instead of variant/board/turn, and the same answer", () => {
    const viaBoard = ask({ cmd: "legal", variant: "short", board: { white: START_SHORT, black: START_SHORT }, turn: "black", dice: [6, 5], firstTurn: false });
    const viaString = ask({ cmd: "legal", position: "short-b-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5", dice: [6, 5], firstTurn: false });
    expect(viaString).toEqual(viaBoard);
    expect(viaBoard.count).toBeGreaterThan(1);
  });

  it("legal: a burned roll has count 0", () => {
    // Black's own 18 and 19 are taken by White: 6-5 from the head cannot land.
    expect(ask({ cmd: "legal", position: "long-b-24x13.7.6-24x15", dice: [6, 5], firstTurn: false })).toEqual({ count: 0, plays: [] });
  });

  it("echoes an id, on answers and on errors", () => {
    expect(ask({ id: "q1", cmd: "pips", position: "long-w-24x15-24x15" })).toEqual({ id: "q1", white: 360, black: 360 });
    expect(ask({ id: 9, cmd: "pips" })).toMatchObject({ id: 9, error: { code: "BAD_REQUEST" } });
  });

  it("apply: the new board, the play in notation, and the next position string", () => {
    const answer = ask({ cmd: "apply", position: "short-w-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5", dice: [3, 1], firstTurn: true, play: "8/5 6/5" });
    expect(answer).toMatchObject({
      play: "8/5 6/5",
      winner: null,
      position: "short-b-24x2.13x5.8x2.6x4.5x2-24x2.13x5.8x3.6x5",
    });
    expect((answer.board as { white: number[] }).white).toEqual([0, 0, 0, 0, 0, 2, 4, 0, 2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]);
  });

  it("apply: a broken rule comes back with its code", () => {
    // First turn 5-5 in long nardi: only 6-6, 4-4 and 3-3 may take a second checker off the head (docs/rules.md §3.4).
    const answer = ask({ cmd: "apply", position: "long-w-24x15-24x15", dice: [5, 5], firstTurn: true, play: "24/19 24/19" });
    expect(errorCode(answer)).toBe("HEAD_RULE");
    expect(errorCode(ask({ cmd: "apply", position: "long-w-24x15-24x15", dice: [6, 5], play: "24/20" }))).toBeDefined();
    expect(errorCode(ask({ cmd: "apply", position: "long-w-24x15-24x15", dice: [6, 5], play: "hello" }))).toBe("BAD_NOTATION");
  });

  it("apply: the last checker off reports the winner", () => {
    const answer = ask({ cmd: "apply", position: "short-w-1.offx14-6x15", dice: [2, 1], play: "1/off" });
    expect(answer).toMatchObject({ winner: "white", position: "short-b-offx15-6x15" });
  });

  it.each([
    ["backgammon", "short-b-offx15-bar.6x14", undefined, "koks", 3],
    ["georgian-short", "short-w-6x14.off-offx15", undefined, "oin", 1],
    ["federation-long", "long-b-offx15-14.24x14", undefined, "koks", 3],
    ["armenian-long", "long-b-offx15-14.24x14", undefined, "mars", 2],
    ["backgammon", "short-b-offx15-bar.6x14", { koks: false }, "mars", 2],
  ])("result: %s, %s, overrides %o → %s", (preset, position, overrides, kind, points) => {
    const answer = ask({ cmd: "result", preset, overrides, position, cube: 2 });
    expect(answer).toMatchObject({ kind, points, cube: 2, value: points * 2 });
  });

  it("result: a board (variant from the preset), and errors for unfinished boards and wrong presets", () => {
    const board = { white: [15, ...new Array<number>(25).fill(0)], black: START_LONG };
    expect(ask({ cmd: "result", preset: "armenian-long", board })).toEqual({ winner: "white", kind: "mars", points: 2, cube: 1, value: 2 });
    expect(errorCode(ask({ cmd: "result", preset: "armenian-long", position: "long-w-24x15-24x15" }))).toBe("BAD_BOARD");
    expect(errorCode(ask({ cmd: "result", preset: "backgammon", position: "long-w-24x15-24x15" }))).toBe("BAD_CONFIG");
    expect(errorCode(ask({ cmd: "result", preset: "chess", board }))).toBe("BAD_CONFIG");
  });

  it("convert: board ↔ position string ↔ gnubg ID", () => {
    const fromBoard = ask({ cmd: "convert", variant: "short", board: { white: START_SHORT, black: START_SHORT }, turn: "white" });
    expect(fromBoard).toEqual({
      variant: "short",
      turn: "white",
      board: { white: START_SHORT, black: START_SHORT },
      position: "short-w-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5",
      gnubg: "4HPwATDgc/ABMA",
    });
    expect(ask({ cmd: "convert", gnubg: "4HPwATDgc/ABMA" })).toEqual(fromBoard);
    expect(ask({ cmd: "convert", position: fromBoard.position })).toEqual(fromBoard);
    // Long nardi has no gnubg ID.
    expect(ask({ cmd: "convert", position: "long-b-24x15-24x15" })).toEqual({
      variant: "long",
      turn: "black",
      board: { white: START_LONG, black: START_LONG },
      position: "long-b-24x15-24x15",
    });
    expect(errorCode(ask({ cmd: "convert", gnubg: "not-an-id" }))).toBe("BAD_POSITION_STRING");
  });

  it("initial and pips", () => {
    expect(ask({ cmd: "initial", variant: "long" })).toMatchObject({ position: "long-w-24x15-24x15", turn: "white" });
    expect(ask({ cmd: "pips", position: "short-w-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5" })).toEqual({ white: 167, black: 167 });
  });

  it.each([
    ["not JSON", "hello", "BAD_JSON"],
    ["an empty line", "", "BAD_JSON"],
    ["a JSON array", "[1,2]", "BAD_JSON"],
    ["an unknown cmd", '{"cmd":"teleport"}', "BAD_COMMAND"],
    ["no cmd", '{"position":"long-w-24x15-24x15"}', "BAD_COMMAND"],
    ["bad dice", '{"cmd":"legal","position":"long-w-24x15-24x15","dice":[7,1]}', "BAD_DICE"],
    ["a bad board", '{"cmd":"legal","variant":"long","board":{"white":[1],"black":[]},"turn":"white","dice":[1,2]}', "BAD_BOARD"],
    ["a bad position string", '{"cmd":"legal","position":"long-w","dice":[1,2]}', "BAD_POSITION_STRING"],
    ["firstTurn not a boolean", '{"cmd":"legal","position":"long-w-24x15-24x15","dice":[1,2],"firstTurn":"yes"}', "BAD_REQUEST"],
  ])("%s → a coded error", (_label, line, code) => {
    const answer = JSON.parse(handleLine(line)) as { error: { code: string; message: string } };
    expect(answer.error.code).toBe(code);
    expect(answer.error.message.length).toBeGreaterThan(0);
  });
});

describe("engine CLI process (serve)", () => {
  it("answers each line as soon as it is read, in order, and keeps serving after a bad line", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/engine.ts", "serve"], {
      cwd: process.cwd(),
      stdio: ["pipe", "pipe", "inherit"],
    });
    const answers = createInterface({ input: child.stdout });
    const queue: string[] = [];
    const waiting: Array<(line: string) => void> = [];
    answers.on("line", (line) => {
      const next = waiting.shift();
      if (next) next(line);
      else queue.push(line);
    });
    const nextAnswer = () =>
      new Promise<string>((resolve) => {
        const line = queue.shift();
        if (line !== undefined) resolve(line);
        else waiting.push(resolve);
      });

    // Interactive: one request, wait for its answer while stdin stays open, then the next.
    child.stdin.write('{"id":1,"cmd":"pips","position":"long-w-24x15-24x15"}\n');
    expect(JSON.parse(await nextAnswer())).toEqual({ id: 1, white: 360, black: 360 });
    child.stdin.write("this is not json\n");
    expect(JSON.parse(await nextAnswer())).toMatchObject({ error: { code: "BAD_JSON" } });

    // A burst: answers come back one per line, in order.
    const burst = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ id: i, cmd: "legal", position: "short-w-24x2.13x5.8x3.6x5-24x2.13x5.8x3.6x5", dice: [1 + (i % 6), 1 + ((i + 2) % 6)] }),
    );
    child.stdin.write(`${burst.join("\n")}\n`);
    const ids: unknown[] = [];
    for (let i = 0; i < burst.length; i++) {
      const answer = JSON.parse(await nextAnswer()) as { id: unknown; count: number };
      expect(answer.count).toBeGreaterThan(0);
      ids.push(answer.id);
    }
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i));

    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.stdin.end();
    expect(await exited).toBe(0);
  });
});
