// GitHub signs each webhook delivery with the app's webhook secret: `X-Hub-Signature-256:
// sha256=<hex HMAC-SHA256 of the raw body>`. The check runs over the bytes as they arrived (never a
// re-serialised JSON) and compares in constant time (WebCrypto's verify), so a forger learns
// nothing from how long a refusal takes.

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

const keys = new Map<string, Promise<CryptoKey>>();

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

function bytesOfHex(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/**
 * Whether `header` is GitHub's signature of `body` with `secret`. An empty secret verifies
 * nothing: a server without one refuses every delivery rather than trusting them all.
 */
export async function verifyGithubSignature(secret: string, body: ArrayBuffer | Uint8Array, header: string | null | undefined): Promise<boolean> {
  if (secret === "" || !header) return false;
  const match = SIGNATURE.exec(header.trim());
  if (!match) return false;
  return crypto.subtle.verify("HMAC", await keyOf(secret), bytesOfHex(match[1]) as BufferSource, body as BufferSource);
}
