/** Generated display names for zero-click guests: "guest-" and eight random letters and digits (≈ 41 bits). */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

export function guestName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let name = "guest-";
  for (const byte of bytes) name += ALPHABET[byte % ALPHABET.length];
  return name;
}

/** The key names are unique by: case and surrounding spaces do not make a new name. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
