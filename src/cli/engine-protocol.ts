/**
 * The engine CLI's request handling (docs/engine-cli.md): one JSON request in, one JSON answer out. No I/O here,
 * so tests and other programs can call `handleLine` directly; `engine.ts` wires it to stdin/stdout.
 */
import {
  applyPlay,
  formatPosition,
  fromGnubgId,
  handResult,
  initialPosition,
  isHandOver,
  isSide,
  legalPlays,
  makeRuleset,
  opponent,
  parsePosition,
  pipCount,
  toGnubgId,
  validateDice,
  validatePosition,
} from "../engine/index";
import type { Position, Result, RuleErrorCode, RulesetOverrides } from "../engine/index";

/** Codes the CLI adds to the engine's RuleErrorCodes. */
export type CliErrorCode = "BAD_JSON" | "BAD_REQUEST" | "INTERNAL";

interface ErrorAnswer {
  error: { code: string; message: string };
}

type Answer = Record<string, unknown>;
type Request = Record<string, unknown>;

class RequestError extends Error {
  constructor(
    readonly code: RuleErrorCode | CliErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Unwraps an engine Result, turning its RuleError into the answer's error. */
function must<T>(result: Result<T>): T {
  if (!result.ok) throw new RequestError(result.error.code, result.error.message);
  return result.value;
}

function badRequest(message: string): never {
  throw new RequestError("BAD_REQUEST", message);
}

function optionalBoolean(request: Request, key: string, fallback: boolean): boolean {
  const value = request[key];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") badRequest(`"${key}" must be true or false`);
  return value;
}

/**
 * The request's position, in any of three forms: `position` (a position string), `gnubg` (+ optional `turn`,
 * default white; short nardi), or `variant` + `board` + `turn`.
 */
function readPosition(request: Request): Position {
  if (request.position !== undefined) {
    if (typeof request.position !== "string") badRequest(`"position" must be a position string`);
    return must(parsePosition(request.position));
  }
  if (request.gnubg !== undefined) {
    if (typeof request.gnubg !== "string") badRequest(`"gnubg" must be a 14-character Position ID`);
    const turn = request.turn ?? "white";
    if (!isSide(turn)) badRequest(`"turn" must be "white" or "black"`);
    return must(fromGnubgId(request.gnubg, turn));
  }
  if (request.board === undefined) badRequest(`give "position", "gnubg", or "variant" + "board" + "turn"`);
  return must(validatePosition({ variant: request.variant, board: request.board, turn: request.turn }));
}

/** Every way to write a position, for `convert` and `initial`. */
function describe(position: Position): Answer {
  const answer: Answer = {
    variant: position.variant,
    turn: position.turn,
    board: position.board,
    position: formatPosition(position),
  };
  if (position.variant === "short") answer.gnubg = toGnubgId(position);
  return answer;
}

const COMMANDS: Record<string, (request: Request) => Answer> = {
  legal(request) {
    const position = readPosition(request);
    const dice = must(validateDice(request.dice));
    const plays = legalPlays(position, dice, { firstTurn: optionalBoolean(request, "firstTurn", false) });
    return { count: plays.length, plays: plays.map((p) => ({ board: p.board, play: p.notation })) };
  },

  apply(request) {
    const position = readPosition(request);
    const dice = must(validateDice(request.dice));
    const { play } = request;
    if (typeof play !== "string" && !Array.isArray(play)) {
      badRequest(`"play" must be notation ("24/18 13/11") or a list of {from, to} steps`);
    }
    const firstTurn = optionalBoolean(request, "firstTurn", false);
    const done = must(applyPlay(position, dice, { firstTurn }, play as string));
    const winner = isHandOver(done.board);
    const next: Position = { variant: position.variant, board: done.board, turn: opponent(position.turn) };
    return { board: done.board, play: done.notation, steps: done.steps, winner, position: formatPosition(next) };
  },

  result(request) {
    if (typeof request.preset !== "string") badRequest(`"preset" must name a ruleset preset, e.g. "backgammon"`);
    const overrides = request.overrides ?? {};
    const ruleset = must(makeRuleset(request.preset, overrides as RulesetOverrides));
    // The variant comes from the preset unless the request gives one (or a position string); they must agree.
    const position = readPosition({ variant: ruleset.variant, turn: "white", ...request });
    if (position.variant !== ruleset.variant) {
      throw new RequestError("BAD_CONFIG", `preset ${ruleset.preset} plays ${ruleset.variant} nardi, the board is ${position.variant}`);
    }
    const winner = isHandOver(position.board);
    if (!winner) throw new RequestError("BAD_BOARD", "the hand is not over: no side has borne off all 15 checkers");
    const cube = request.cube ?? 1;
    if (typeof cube !== "number" || !Number.isInteger(cube) || cube < 1 || cube > 64) {
      badRequest(`"cube" must be an integer 1..64`);
    }
    const result = handResult(position.board, winner, ruleset);
    return { winner, kind: result.kind, points: result.points, cube, value: result.points * cube };
  },

  convert(request) {
    return describe(readPosition(request));
  },

  initial(request) {
    const { variant } = request;
    if (variant !== "long" && variant !== "short") badRequest(`"variant" must be "long" or "short"`);
    const turn = request.turn ?? "white";
    if (!isSide(turn)) badRequest(`"turn" must be "white" or "black"`);
    return describe(initialPosition(variant, turn));
  },

  pips(request) {
    const { board } = readPosition(request);
    return { white: pipCount(board.white), black: pipCount(board.black) };
  },
};

export const CLI_COMMANDS: readonly string[] = Object.keys(COMMANDS);

/** Answers one parsed request. Never throws: every failure becomes `{"error": {code, message}}`. */
export function handleRequest(request: unknown): Answer | ErrorAnswer {
  const echo: Answer = {};
  try {
    if (typeof request !== "object" || request === null || Array.isArray(request)) {
      throw new RequestError("BAD_JSON", "a request is a JSON object");
    }
    const r = request as Request;
    if (r.id !== undefined) echo.id = r.id;
    const command = typeof r.cmd === "string" && Object.prototype.hasOwnProperty.call(COMMANDS, r.cmd) ? COMMANDS[r.cmd] : undefined;
    if (!command) {
      throw new RequestError("BAD_COMMAND", `unknown cmd ${JSON.stringify(r.cmd)}; known: ${CLI_COMMANDS.join(", ")}`);
    }
    return { ...echo, ...command(r) };
  } catch (e) {
    if (e instanceof RequestError) return { ...echo, error: { code: e.code, message: e.message } };
    return { ...echo, error: { code: "INTERNAL", message: e instanceof Error ? e.message : String(e) } };
  }
}

/** Answers one line of input with one line of output (without the newline). */
export function handleLine(line: string): string {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
    return JSON.stringify({ error: { code: "BAD_JSON", message: `not JSON: ${JSON.stringify(shown)}` } });
  }
  return JSON.stringify(handleRequest(request));
}
