/**
 * Reading an HTTP refusal: an RFC 9457 problem (`application/problem+json`, docs/protocol.md "Errors"), parsed
 * by the protocol's own schema so a body with an unknown code or a missing field fails the test where it is read.
 * One reader for every project: it imports nothing from Node, so the worker tests (in workerd) and the end-to-end
 * tests (in Node, against `wrangler dev`) share it.
 */
import { expect } from "vitest";
import { ProblemSchema, type ErrorCode, type Problem } from "../../src/protocol";

/** The problem a refused answer carries: its content type is problem+json and its body the Problem schema's. */
export async function problemOf(res: Response): Promise<Problem> {
  expect(res.headers.get("content-type"), `${res.status} answer's content type`).toContain("application/problem+json");
  const problem = ProblemSchema.parse(await res.json());
  // The body repeats the answer's status, and its type URN is named after the code (src/server/problem.ts).
  expect(problem.status, "problem status").toBe(res.status);
  expect(problem.type).toBe(`urn:nardi:problem:${problem.code.toLowerCase().replaceAll("_", "-")}`);
  expect(problem.detail.length, "problem detail").toBeGreaterThan(0);
  return problem;
}

/** The code of a refused answer's problem. */
export async function problemCode(res: Response): Promise<ErrorCode> {
  return (await problemOf(res)).code;
}

/**
 * Expects the answer to be refused with `status` and `code` (both compared at once, so a failure shows both);
 * `what` names the case in the failure message when one test checks many. Returns the problem.
 */
export async function expectProblem(res: Response, status: number, code: ErrorCode, what?: string): Promise<Problem> {
  expect({ status: res.status, code: await codeOrBody(res) }, what).toEqual({ status, code });
  return problemOf(res);
}

/** The problem's code, or the body's text when it is not a problem (read from a clone: `problemOf` reads it again). */
async function codeOrBody(res: Response): Promise<string> {
  const text = await res.clone().text();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === "object" && body !== null && "code" in body && typeof body.code === "string") return body.code;
  } catch {
    // not JSON: the text itself tells what came back
  }
  return text.slice(0, 200);
}
