/**
 * The commands a connection has sent and not yet settled, and the queue of those still to be written. A command
 * is settled when the server refused it, or acknowledged it AND the connection has applied the state it
 * produced. Whatever was written and may have been lost (a dead socket, a RATE_LIMITED refusal) goes back to
 * the front of the queue with its SAME id: the server answers a repeated id and never applies it twice.
 */
import type { AckMessage } from "../protocol";
import { CommandError } from "./errors";
import type { Command } from "./types";

export interface Pending {
  readonly command: Command;
  readonly promise: Promise<AckMessage>;
  resolve: (ack: AckMessage) => void;
  reject: (err: CommandError) => void;
  /** When it was last written to a socket (null: waiting to be written). */
  sentAt: number | null;
  ack: AckMessage | null;
}

export class PendingCommands {
  private readonly byId = new Map<string, Pending>();
  /** Ids waiting to be written, in order (an id whose command has settled meanwhile is skipped). */
  private readonly outbox: string[] = [];

  get size(): number {
    return this.byId.size;
  }

  get queued(): boolean {
    return this.outbox.length > 0;
  }

  /** Queues a command; a command already waiting for its answer gets its existing promise back. */
  add(command: Command): Promise<AckMessage> {
    const existing = this.byId.get(command.id);
    if (existing) return existing.promise;
    let resolve!: (ack: AckMessage) => void;
    let reject!: (err: CommandError) => void;
    const promise = new Promise<AckMessage>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.byId.set(command.id, { command, promise, resolve, reject, sentAt: null, ack: null });
    this.outbox.push(command.id);
    return promise;
  }

  /** The next queued command, taken off the queue (null when nothing is queued). */
  next(): Pending | null {
    while (this.outbox.length > 0) {
      const p = this.byId.get(this.outbox.shift() as string);
      if (p) return p;
    }
    return null;
  }

  /** Written but unanswered commands (only `id`'s, when given) go back to the front of the queue. */
  requeueUnanswered(id: string | null = null): void {
    const again = [...this.byId.values()].filter((p) => p.ack === null && p.sentAt !== null && (id === null || p.command.id === id));
    for (const p of again) p.sentAt = null;
    this.outbox.unshift(...again.map((p) => p.command.id));
  }

  /** Records an ack; returns its command, or null if the ack answers nothing waiting here. */
  acknowledge(ack: AckMessage): Pending | null {
    const p = this.byId.get(ack.id);
    if (!p || p.ack) return null;
    p.ack = ack;
    return p;
  }

  /** Resolves acknowledged commands whose state the connection has reached (`seq`). */
  settle(seq: number): void {
    for (const [id, p] of this.byId) {
      if (p.ack && p.ack.seq <= seq) {
        this.byId.delete(id);
        p.resolve(p.ack);
      }
    }
  }

  /** Some command is acknowledged but its state (a seq beyond `seq`) has not arrived yet. */
  awaitingStateAfter(seq: number): boolean {
    return [...this.byId.values()].some((p) => p.ack !== null && p.ack.seq > seq);
  }

  /** Rejects a command that is still unanswered (a refusal). */
  refuse(id: string, err: CommandError): void {
    const p = this.byId.get(id);
    if (!p || p.ack) return;
    this.byId.delete(id);
    p.reject(err);
  }

  /** Rejects everything and forgets the queue (the connection is closed for good). */
  rejectAll(err: CommandError): void {
    for (const p of this.byId.values()) p.reject(err);
    this.byId.clear();
    this.outbox.length = 0;
  }
}
