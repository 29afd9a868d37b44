/**
 * A program that knows nothing of this repository: it imports only the installed `@nardi/client` package (copied
 * into an empty project by test/e2e/client-package.test.ts, typechecked there and run with Node 22, which strips
 * the types). It creates a table, joins it as the second player, and plays a 1-point match to its end, each side
 * choosing the first legal play the server lists. Prints the result as one JSON line.
 */
import { NardiClient, PROTOCOL_VERSION, SeekConnection, type TableConnection } from "@nardi/client";

declare const process: { argv: string[] };

type Side = "white" | "black";
const baseUrl = process.argv[2] ?? "http://127.0.0.1:8787";
const client = new NardiClient(baseUrl);

const white = await client.createTable({ preset: "georgian-short", length: 1, name: "Package White" });
const black = await client.joinTable(white.tableId, { name: "Package Black" });
const conns: Record<Side, TableConnection> = {
  white: client.connect(white.tableId, { token: white.token }),
  black: client.connect(white.tableId, { token: black.token }),
};
await Promise.all([conns.white, conns.black].map((c) => c.waitFor((x) => x.status === "connected")));

let commands = 0;
for (;;) {
  const latest = conns.white.seq >= conns.black.seq ? conns.white : conns.black;
  const match = latest.table?.match;
  if (!match) throw new Error("no match on the table");
  if (match.phase === "over") {
    console.log(JSON.stringify({ version: PROTOCOL_VERSION, tableId: white.tableId, winner: match.winner, commands }));
    break;
  }
  const actor = match.toAct;
  if (!actor) throw new Error(`nobody to act in phase ${match.phase}`);
  const conn = conns[actor];
  const target = latest.seq;
  await conn.waitFor((c) => c.seq >= target);
  const mine = conn.table?.match;
  if (!mine || mine.phase === "over" || mine.toAct !== actor) continue;
  if (mine.may.includes("take")) await conn.take();
  else if (mine.may.includes("roll")) await conn.roll();
  else if (mine.may.includes("play")) {
    const plays = await conn.waitFor((c) => c.legalPlays);
    await conn.play(plays[0]?.play ?? "");
  }
  if (++commands > 5000) throw new Error("the match did not end");
}
conns.white.close();
conns.black.close();

/** Never called: it fails the consumer's typecheck if the package's declarations were missing or `any`. */
export function typesAreReal(c: NardiClient, conn: TableConnection): void {
  // @ts-expect-error: not a preset
  void c.createTable({ preset: "chess", length: 1 });
  // @ts-expect-error: a phase the protocol does not have
  if (conn.table?.match?.phase === "thinking") return;
  const waiting: number | undefined = undefined;
  new SeekConnection(c, { preset: "backgammon", length: 3, timeControl: "standard", rated: false, stake: 0 }, "session", {
    seeking: (m) => void (waiting ?? m.waiting.toFixed()),
  }).cancel();
}
