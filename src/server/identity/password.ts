/**
 * Passwords are kept as PBKDF2-HMAC-SHA-256 through WebCrypto at 100,000 iterations: the most Workers allow
 * (workerd refuses more with NotSupportedError). Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64url),
 * so a later cost can be read back from old hashes.
 */
import { base64url, sameDigest } from "../ids";

export const PBKDF2_ITERATIONS = 100_000;
const HASH_BITS = 256;

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return base64url(new Uint8Array(bits));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${base64url(salt)}$${await derive(password, salt, PBKDF2_ITERATIONS)}`;
}

/** A hash of nothing, checked against when the name does not exist, so both answers take as long. */
const DECOY = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, iterations, salt, hash] = (stored ?? DECOY).split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !hash) return false;
  const derived = await derive(password, fromBase64url(salt), Number(iterations));
  return sameDigest(derived, hash) && stored !== null;
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
