/**
 * `npm run admin`: staff roles from the operator's command line, for the first admin (after that, admins grant
 * roles through POST /v1/admin/players/{id}/roles). Runs `wrangler d1 execute` against the local D1 (the one
 * `npm start` keeps under .wrangler/state) or, with --remote, the deployed one. Each grant and revoke writes its
 * moderation_log row (actor NULL: the command line) in the same batch as the role. docs/moderation.md.
 *
 *   npm run admin -- grant <name> <moderator|admin>   [--remote | --persist-to DIR] [--config F]
 *   npm run admin -- revoke <name> <moderator|admin>  [...]
 *   npm run admin -- list                             [...]
 *
 * The player is found by their claimed name (regardless of case); guests cannot be staff (claim a name first).
 * Exit code 0 on success, 1 when the player or the role is not as asked, 2 on a usage error.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClaimedNameSchema, RoleSchema, type StaffRole } from "../src/protocol";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER = join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js");
const OFFLINE = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

type Row = Record<string, unknown>;

const USAGE = `usage: npm run admin -- grant|revoke <name> <moderator|admin> [--remote | --persist-to DIR] [--config F]
       npm run admin -- list [--remote | --persist-to DIR] [--config F]`;

class UsageError extends Error {}

const WITH_VALUE = new Set(["--persist-to", "--config", "--env"]);

/** A string as an SQL literal. The values are checked names, roles and random ids, quoted all the same. */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Runs SQL (one batch: wrangler executes a command's statements together) and returns every statement's rows. */
function execute(sql: string, target: string[]): Row[] {
  const remote = target.includes("--remote");
  const run = spawnSync(process.execPath, [WRANGLER, "d1", "execute", "DB", ...(remote ? [] : ["--local"]), "--json", "--command", sql, ...target], {
    cwd: ROOT,
    env: { ...process.env, ...(remote ? {} : OFFLINE), CI: "1" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed:\n${run.stdout}\n${run.stderr}`);
  const answers = JSON.parse(run.stdout) as Array<{ results: Row[] }>;
  return answers.flatMap((a) => a.results);
}

function member(name: string, target: string[]): { id: string; name: string } {
  const [row] = execute(`SELECT id, name, kind FROM players WHERE name_key = ${literal(name.trim().toLowerCase())}`, target);
  if (!row) throw new Error(`no player is called ${name}`);
  if (row.kind !== "member") throw new Error(`${name} is a ${String(row.kind)}: only a member (a claimed name with a password) can be staff`);
  return { id: String(row.id), name: String(row.name) };
}

function rolesOf(id: string, target: string[]): StaffRole[] {
  return execute(`SELECT role FROM player_roles WHERE player_id = ${literal(id)} ORDER BY role`, target).map((r) => RoleSchema.parse(r.role));
}

function setRole(op: "grant" | "revoke", name: string, role: StaffRole, target: string[]): string {
  const player = member(name, target);
  const held = rolesOf(player.id, target).includes(role);
  if (op === "grant" && held) return `${player.name} holds the ${role} role already`;
  if (op === "revoke" && !held) throw new Error(`${player.name} does not hold the ${role} role`);
  const logId = randomBytes(16).toString("base64url");
  const now = Date.now();
  const [id, pid, r] = [literal(logId), literal(player.id), literal(role)];
  const detail = literal(JSON.stringify({ role }));
  const logged = `EXISTS (SELECT 1 FROM moderation_log WHERE id = ${id})`;
  const sql =
    op === "grant"
      ? `INSERT INTO moderation_log (id, at, actor_id, action, player_id, reason, note, detail)
           VALUES (${id}, ${now}, NULL, 'grant-role', ${pid}, 'other', 'npm run admin', ${detail});
         INSERT INTO player_roles (player_id, role, granted_by, granted_at) SELECT ${pid}, ${r}, NULL, ${now} WHERE ${logged} ON CONFLICT DO NOTHING;`
      : `INSERT INTO moderation_log (id, at, actor_id, action, player_id, reason, note, undoes, detail)
           VALUES (${id}, ${now}, NULL, 'revoke-role', ${pid}, 'other', 'npm run admin',
             (SELECT id FROM moderation_log WHERE player_id = ${pid} AND action = 'grant-role' AND json_extract(detail, '$.role') = ${r} ORDER BY rowid DESC LIMIT 1),
             ${detail});
         DELETE FROM player_roles WHERE player_id = ${pid} AND role = ${r} AND ${logged};`;
  execute(sql, target);
  const roles = rolesOf(player.id, target);
  if (roles.includes(role) !== (op === "grant")) throw new Error(`the ${op} did not take effect`);
  return `${op === "grant" ? "granted" : "revoked"} ${role} ${op === "grant" ? "to" : "from"} ${player.name} (${player.id}); roles now: ${roles.join(", ") || "none"}`;
}

function list(target: string[]): string {
  const rows = execute("SELECT p.name, r.player_id, r.role, r.granted_at FROM player_roles r JOIN players p ON p.id = r.player_id ORDER BY p.name, r.role", target);
  if (rows.length === 0) return "no staff yet";
  return rows.map((r) => `${String(r.name)}\t${String(r.player_id)}\t${String(r.role)}\tsince ${new Date(Number(r.granted_at)).toISOString()}`).join("\n");
}

/** The command's answer (what it prints), or a thrown error. `argv`: the arguments after `npm run admin --`. */
export function admin(argv: string[]): string {
  const [command, ...rest] = argv;
  // Words are the command's own; flags (and the values of those that take one) go on to wrangler.
  const words: string[] = [];
  const target: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (!arg.startsWith("--")) words.push(arg);
    else if (WITH_VALUE.has(arg) && i + 1 < rest.length) target.push(arg, rest[++i]!);
    else target.push(arg);
  }
  if (command === "list" && words.length === 0) return list(target);
  if ((command === "grant" || command === "revoke") && words.length === 2) {
    const name = ClaimedNameSchema.safeParse(words[0]);
    const role = RoleSchema.safeParse(words[1]);
    if (!name.success) throw new UsageError(`not a claimed name: ${words[0]}`);
    if (!role.success) throw new UsageError(`not a role: ${words[1]} (moderator or admin)`);
    return setRole(command, name.data, role.data, target);
  }
  throw new UsageError(USAGE);
}

function main(): void {
  try {
    console.log(admin(process.argv.slice(2)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = error instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
