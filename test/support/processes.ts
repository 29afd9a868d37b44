/** Programs the end-to-end tests run as a user would (`npm run bot`, the Python example): their exit code and output. */
import { spawn } from "node:child_process";

export interface Run {
  code: number | null;
  output: string;
}

/** Runs the command to its end (killed after `timeoutMs`), handing each line of stdout and stderr to `onLine`. */
export function runProcess(command: string, args: string[], onLine?: (line: string) => void, timeoutMs = 150_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (d: Buffer) => {
      const text = d.toString();
      output += text;
      for (const line of text.split("\n")) if (line) onLine?.(line);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const killer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    });
  });
}

/** An API call with a session or token, its JSON answer; a refusal throws with the status and body. */
export async function callJson(baseUrl: string, method: string, path: string, session: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
