// PBKDF2-SHA256 through WebCrypto. Stored as `pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`
// so the cost can rise later without invalidating existing hashes (ADR 002).
import { constantTimeEqual, encoder, fromHex, toHex } from "./crypto";

const ALGORITHM = "pbkdf2_sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return toHex(bits);
}

export async function hashPassword(password: string, iterations: number): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${ALGORITHM}$${iterations}$${toHex(salt)}$${await derive(password, salt, iterations)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, rounds, salt, hash] = stored.split("$");
  const iterations = Number(rounds);
  if (algorithm !== ALGORITHM || !Number.isInteger(iterations) || !salt || !hash) return false;
  return constantTimeEqual(await derive(password, fromHex(salt), iterations), hash);
}

/** A hash of a random password, compared against when the email is unknown so timing matches. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(iterations: number): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID(), iterations);
  return dummyHash;
}
