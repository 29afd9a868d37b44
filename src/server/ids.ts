/**
 * Unguessable identifiers. Table ids and seat tokens are random bits from the platform's CSPRNG in base64url;
 * only a token's SHA-256 is stored, so a leaked database does not seat anyone.
 */

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function randomBase64url(byteCount: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** 128 random bits → 22 characters, matching the API's table id pattern. */
export function newTableId(): string {
  return randomBase64url(16);
}

/** A private table's invite secret: 128 random bits → 22 characters. */
export function newInviteSecret(): string {
  return randomBase64url(16);
}

/** 256 random bits → 43 characters. */
export function newSeatToken(): string {
  return randomBase64url(32);
}

/**
 * What a client's seat key (../protocol/http.ts) stands for, each derived with its own label: the table a create
 * makes (22 characters, like a random id), the seat's token (43) and a private table's invite secret (22). The
 * server stores none of them, so a request sent again with its key can be answered with the same seat.
 */
export async function fromSeatKey(key: string, what: "table" | "token" | "invite"): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`nardi-seat-key-v1\n${what}\n${key}`)));
  return base64url(what === "token" ? digest : digest.slice(0, 16));
}

/** A session token: 256 random bits, like a seat token; only its SHA-256 is stored. */
export const newSessionToken = newSeatToken;

/** A player id: 128 random bits → 22 characters. */
export const newPlayerId = newTableId;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two equal-length hex digests without an early exit, so timing says nothing about where they differ. */
export function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
