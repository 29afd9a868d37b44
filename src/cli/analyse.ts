/**
 * The analyser on the command line (docs/analysis.md): a finished match's record in, its Analysis JSON out (the
 * same document `GET /v1/matches/{id}/analysis` serves), without a server.
 *
 *   npm run -s analyse -- <record.json | url> [--summary]
 *
 * The record is a file (a MatchRecord as `GET /v1/matches/{id}` or `GET /v1/tables/{id}/record` answers, or any JSON
 * object with the match's `events`) or such a URL. `--summary` prints a table per player instead of the JSON.
 * Exit codes: 0 analysed; 1 the record is not a match log the analyser can read; 2 usage; 3 the record could not be
 * read (no such file, the URL failed or answered an error).
 */
import { readFileSync } from "node:fs";
import * as z from "zod";
import { AnalysisError, analyseMatch } from "../analysis";
import { LoggedEventSchema } from "../protocol/events";
import type { Analysis } from "../protocol/analysis";

const USAGE = "usage: analyse <record.json | url> [--summary]";

const RecordSchema = z.object({ events: z.array(LoggedEventSchema).min(1), tableId: z.string().nullable().optional() });

class Failure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exit: number,
  ) {
    super(message);
  }
}

async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { headers: { accept: "application/json" } });
    } catch (e) {
      throw new Failure("FETCH_FAILED", `${source}: ${(e as Error).message}`, 3);
    }
    const text = await response.text();
    if (!response.ok) throw new Failure("HTTP_ERROR", `${source} answered ${response.status}: ${text.slice(0, 200)}`, 3);
    return text;
  }
  try {
    return readFileSync(source, "utf8");
  } catch (e) {
    throw new Failure("NOT_FOUND", `${source}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`, 3);
  }
}

function parseRecord(text: string): z.infer<typeof RecordSchema> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Failure("BAD_JSON", "the record is not JSON", 1);
  }
  const parsed = RecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Failure("BAD_RECORD", `not a match record: ${issue.path.join(".") || "(top)"}: ${issue.message}`, 1);
  }
  return parsed.data;
}

function summary(a: Analysis): string {
  const rows: Array<[string, (p: Analysis["players"]["white"]) => string]> = [
    ["decisions (checker + cube)", (p) => `${p.decisions} (${p.checkerDecisions} + ${p.cubeDecisions})`],
    ["error rate (milli)", (p) => `${p.errorRate}`],
    ["  checker / cube", (p) => `${p.checkerErrorRate} / ${p.cubeErrorRate}`],
    ["PR", (p) => `${p.pr} ${p.prWord}`],
    ["doubtful / bad / very bad", (p) => `${p.marks.doubtful} / ${p.marks.bad} / ${p.marks.veryBad}`],
    ["luck", (p) => `${p.luck}`],
    ["luck-adjusted result", (p) => `${p.luckAdjusted}`],
  ];
  const lines = [`${a.variant} nardi, ${a.decisions.length} decisions; checker plays ${a.depth.checker}; cube ${a.depth.cube}`];
  lines.push(`${"".padEnd(28)}${"White".padEnd(20)}Black`);
  for (const [label, cell] of rows) lines.push(`${label.padEnd(28)}${cell(a.players.white).padEnd(20)}${cell(a.players.black)}`);
  return lines.join("\n");
}

async function main(args: string[]): Promise<number> {
  const flags = args.filter((a) => a.startsWith("--"));
  const sources = args.filter((a) => !a.startsWith("--"));
  if (sources.length !== 1 || flags.some((f) => f !== "--summary")) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const record = parseRecord(await readSource(sources[0]!));
    let analysis: Analysis;
    try {
      analysis = analyseMatch(record);
    } catch (e) {
      if (e instanceof AnalysisError) throw new Failure(e.code, e.message, 1);
      throw e;
    }
    process.stdout.write(flags.includes("--summary") ? `${summary(analysis)}\n` : `${JSON.stringify(analysis)}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof Failure)) throw e;
    process.stderr.write(`analyse: ${e.code}: ${e.message}\n`);
    return e.exit;
  }
}

process.exitCode = await main(process.argv.slice(2));
