/**
 * The engine on the command line (docs/engine-cli.md).
 *
 *   npm run -s engine -- serve                  JSON lines: one request per line on stdin, one answer per line on stdout
 *   npm run -s engine -- legal '{"position":"long-w-24x15-24x15","dice":[6,5],"firstTurn":true}'
 *                                               one request (any cmd), its answer on stdout; exit 1 on an error answer
 */
import { createInterface } from "node:readline";
import { CLI_COMMANDS, handleLine, handleRequest } from "./engine-protocol";

const USAGE = `usage:
  engine serve              answer JSON requests, one per line, on stdin/stdout
  engine <cmd> '<json>'     answer one request; <cmd> is one of: ${CLI_COMMANDS.join(", ")}
  engine help               this text
See docs/engine-cli.md for the requests and answers.`;

function serve(): void {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  // One answer per line, written as soon as the line is read, so a program can talk to us turn by turn.
  lines.on("line", (line) => {
    process.stdout.write(`${handleLine(line)}\n`);
  });
}

function oneShot(cmd: string, json: string | undefined): number {
  let request: unknown = {};
  if (json !== undefined) {
    try {
      request = JSON.parse(json);
    } catch {
      process.stdout.write(`${JSON.stringify({ error: { code: "BAD_JSON", message: "the request is not JSON" } })}\n`);
      return 1;
    }
  }
  const answer = handleRequest(typeof request === "object" && request !== null ? { ...request, cmd } : request);
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  return "error" in answer ? 1 : 0;
}

function main(args: string[]): void {
  const [sub, json] = args;
  if (sub === "serve") return serve();
  if (sub === undefined || sub === "help" || sub === "--help" || sub === "-h") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!CLI_COMMANDS.includes(sub)) {
    process.stderr.write(`unknown subcommand ${JSON.stringify(sub)}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  process.exitCode = oneShot(sub, json);
}

main(process.argv.slice(2));
