/**
 * Reading a D1 export (`wrangler d1 export`, the file `npm run backup` writes): its statements, one by one, and
 * what each is. The export's layout (the same for a local and a remote database): `PRAGMA defer_foreign_keys`,
 * then per table its CREATE TABLE and one `INSERT INTO "t" ("c",…) VALUES(…);` line per row (newlines inside
 * strings written as `replace('…\n…','\n',char(10))`), then the indexes, triggers and views. Pure: no I/O.
 */

export type DumpStatement =
  | { kind: "insert"; table: string; sql: string }
  | { kind: "create-table"; table: string; sql: string }
  | { kind: "trigger"; name: string; sql: string }
  | { kind: "other"; sql: string };

/** Tables that belong to D1 or SQLite themselves, never restored as data. */
export function isInternalTable(name: string): boolean {
  return name.startsWith("_cf_") || name.startsWith("sqlite_");
}

/** The table D1 records applied migrations in (`wrangler d1 migrations apply`). */
export const MIGRATIONS_TABLE = "d1_migrations";

/**
 * Splits SQL text into statements at `;` outside quotes, comments and trigger bodies (a CREATE TRIGGER ends at
 * the `END` that closes its BEGIN, CASE … END inside it counted). Comments are kept with their statement.
 */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  let word = "";
  let words: string[] = []; // the statement's first words (to tell a trigger), then its nesting
  let inTrigger = false;
  let depth = 0; // BEGIN and CASE opened inside a trigger
  const endWord = (): void => {
    if (word === "") return;
    const w = word.toUpperCase();
    if (words.length < 4) {
      words.push(w);
      if (w === "TRIGGER" && words[0] === "CREATE") inTrigger = true;
    }
    if (inTrigger) {
      if (w === "BEGIN" || w === "CASE") depth++;
      else if (w === "END") depth--;
    }
    word = "";
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`" || c === "[") {
      endWord();
      const close = c === "[" ? "]" : c;
      i++;
      while (i < text.length) {
        if (text[i] === close) {
          // A doubled quote is an escaped one, inside the string.
          if (close !== "]" && text[i + 1] === close) i += 2;
          else break;
        } else i++;
      }
      i++;
      continue;
    }
    if (c === "-" && text[i + 1] === "-") {
      endWord();
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      endWord();
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    if (/[A-Za-z0-9_]/.test(c)) {
      word += c;
      i++;
      continue;
    }
    endWord();
    if (c === ";" && (!inTrigger || depth <= 0)) {
      const sql = text.slice(start, i + 1).trim();
      if (stripComments(sql) !== ";") out.push(sql);
      start = i + 1;
      words = [];
      inTrigger = false;
      depth = 0;
    }
    i++;
  }
  endWord();
  const rest = text.slice(start).trim();
  if (stripComments(rest) !== "") out.push(rest.endsWith(";") ? rest : `${rest};`);
  return out;
}

function stripComments(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, "")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .trim();
}

const QUOTED = String.raw`"((?:[^"]|"")+)"`;
const INSERT = new RegExp(String.raw`^INSERT\s+INTO\s+${QUOTED}`, "i");
const CREATE_TABLE = new RegExp(String.raw`^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:${QUOTED}|([A-Za-z_][A-Za-z0-9_]*))`, "i");
const CREATE_TRIGGER = new RegExp(String.raw`^CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:${QUOTED}|([A-Za-z_][A-Za-z0-9_]*))`, "i");

const unquote = (quoted: string | undefined, bare: string | undefined): string => (quoted !== undefined ? quoted.replace(/""/g, '"') : (bare ?? ""));

export function classify(sql: string): DumpStatement {
  const body = stripComments(sql);
  const insert = INSERT.exec(body);
  if (insert) return { kind: "insert", table: unquote(insert[1], undefined), sql };
  const table = CREATE_TABLE.exec(body);
  if (table) return { kind: "create-table", table: unquote(table[1], table[2]), sql };
  const trigger = CREATE_TRIGGER.exec(body);
  if (trigger) return { kind: "trigger", name: unquote(trigger[1], trigger[2]), sql };
  return { kind: "other", sql };
}

export interface Dump {
  statements: DumpStatement[];
  /** Rows per table, internal tables left out (d1_migrations included). */
  rows: Map<string, number>;
  /** The migrations the backed-up database had applied, in order (from its d1_migrations rows). */
  migrations: string[];
}

/** Parses an export; throws when the text is not one (no d1_migrations table: not a migrated nardi database). */
export function parseDump(text: string): Dump {
  const statements = splitStatements(text).map(classify);
  const rows = new Map<string, number>();
  for (const s of statements) {
    if (s.kind === "create-table" && !isInternalTable(s.table)) rows.set(s.table, rows.get(s.table) ?? 0);
    if (s.kind === "insert" && !isInternalTable(s.table)) rows.set(s.table, (rows.get(s.table) ?? 0) + 1);
  }
  if (!rows.has(MIGRATIONS_TABLE)) {
    throw new Error(`not a backup of a nardi database: it has no ${MIGRATIONS_TABLE} table (was it made by \`npm run backup\`, of a migrated database?)`);
  }
  const migrations = statements.flatMap((s) => (s.kind === "insert" && s.table === MIGRATIONS_TABLE ? [migrationName(s.sql)] : []));
  return { statements, rows, migrations };
}

/** The `name` of a d1_migrations row as the export writes it: ("id","name","applied_at") VALUES(1,'0001_x.sql','…'). */
function migrationName(sql: string): string {
  const m = /VALUES\s*\(\s*\d+\s*,\s*'((?:[^']|'')*)'/i.exec(sql);
  if (!m) throw new Error(`cannot read a ${MIGRATIONS_TABLE} row of the backup: ${sql.slice(0, 120)}`);
  return m[1]!.replace(/''/g, "'");
}

/** SQL text for a name in double quotes. */
export function quoteId(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
