/**
 * Fresh command ids. `crypto.getRandomValues` exists in every browser context (unlike `randomUUID`, which
 * needs a secure context) and in Node 22, so the same code serves the web page, bots and tests.
 */
export function newCommandId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}
