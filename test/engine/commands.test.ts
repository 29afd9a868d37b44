/** The one list of commands (src/engine/commands.ts) and what is derived from it: the reducer's check, the stored schema, the protocol's messages. */
import { describe, expect, it } from "vitest";
import {
  applyCommand,
  MATCH_COMMAND_TYPES,
  MATCH_COMMANDS,
  makeRuleset,
  newMatch,
  PLAYER_COMMAND_TYPES,
  scriptedDice,
  type MatchCommand,
} from "../../src/engine";
import { CLIENT_MESSAGE_TYPES, ClientMessageSchema } from "../../src/protocol";
import { MatchCommandSchema } from "../../src/server/room/stored";

/** One command of each type, with the fields the list gives it. */
function sample(type: MatchCommand["type"]): Record<string, unknown> {
  const fields = MATCH_COMMANDS[type].fields as readonly string[];
  return { type, ...(fields.includes("side") ? { side: "white" } : {}), ...(fields.includes("play") ? { play: "24/18 13/11" } : {}), ...(fields.includes("level") ? { level: "gammon" } : {}) };
}

describe("one list of commands", () => {
  it("the socket's message types are the players' commands of the list, then the table messages", () => {
    expect(PLAYER_COMMAND_TYPES).toEqual(["roll", "play", "double", "take", "drop", "offer-resign", "accept-resign", "reject-resign", "resign"]);
    expect(CLIENT_MESSAGE_TYPES).toEqual([...PLAYER_COMMAND_TYPES, "auto-roll", "chat", "rematch", "sync"]);
  });

  it("a player's command parses on the wire without a side (the seat is the socket's); the server's commands do not", () => {
    for (const type of PLAYER_COMMAND_TYPES) {
      const wire: Record<string, unknown> = { ...sample(type), id: "c1", seq: 3 };
      delete wire.side;
      expect(ClientMessageSchema.safeParse(wire)).toMatchObject({ success: true, data: wire });
      expect(ClientMessageSchema.safeParse({ ...wire, side: "white" }).success).toBe(false);
    }
    expect(ClientMessageSchema.safeParse({ type: "play", id: "c1" }).success).toBe(false);
    for (const type of MATCH_COMMAND_TYPES.filter((t) => MATCH_COMMANDS[t].by === "server")) {
      expect(ClientMessageSchema.safeParse({ type, id: "c1" }).success).toBe(false);
    }
  });

  it("every command of the list reads back from storage as it was written", () => {
    for (const type of MATCH_COMMAND_TYPES) {
      const command = sample(type);
      expect(MatchCommandSchema.parse(JSON.parse(JSON.stringify(command)))).toEqual(command);
    }
    expect(MatchCommandSchema.parse({ type: "play", side: "black", play: [{ from: 24, to: 18 }] })).toEqual({
      type: "play",
      side: "black",
      play: [{ from: 24, to: 18 }],
    });
    expect(MatchCommandSchema.safeParse({ type: "roll" }).success).toBe(false);
    expect(MatchCommandSchema.safeParse({ type: "auto-roll", side: "white" }).success).toBe(false);
  });

  it("the reducer refuses a type not in the list, and a command without the side the list gives it", () => {
    const ruleset = makeRuleset("backgammon", { opening: "reroll" });
    if (!ruleset.ok) throw new Error(ruleset.error.message);
    const started = newMatch({ ruleset: ruleset.value, length: 3 }, scriptedDice([5, 2]));
    if (!started.ok) throw new Error(started.error.message);
    const state = started.value.state;
    const refused = (command: unknown) => applyCommand(state, command as MatchCommand, scriptedDice([]));
    expect(refused({ type: "auto-roll", side: "white" })).toMatchObject({ ok: false, error: { code: "BAD_COMMAND" } });
    expect(refused({ type: "toString", side: "white" })).toMatchObject({ ok: false, error: { code: "BAD_COMMAND" } });
    for (const type of MATCH_COMMAND_TYPES.filter((t) => (MATCH_COMMANDS[t].fields as readonly string[]).includes("side"))) {
      expect(refused({ type })).toMatchObject({ ok: false, error: { code: "BAD_COMMAND", message: `command ${type} needs side "white" or "black"` } });
    }
    // Commands without a side need none.
    expect(refused({ type: "abandon" })).toMatchObject({ ok: true });
  });
});
