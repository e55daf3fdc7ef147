// Small WebCrypto helpers shared by sessions, API tokens and password hashing.

const encoder = new TextEncoder();

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let out = "";
  for (const byte of view) out += byte.toString(16).padStart(2, "0");
  return out;
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A URL-safe random secret with 256 bits of entropy. */
export function randomToken(prefix = ""): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let b64 = btoa(String.fromCharCode(...bytes));
  b64 = b64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
  return prefix + b64;
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export async function sha256Hex(value: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(value)));
}

/** Compares two equal-purpose strings without an early exit on the first differing byte. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export { encoder };
