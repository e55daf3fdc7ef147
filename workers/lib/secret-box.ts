// Sealing and opening the third-party credentials the app must read back (GitHub and Jira tokens,
// Slack bot tokens and webhook URLs, outgoing webhook signing secrets): AES-256-GCM through
// WebCrypto, so a copy of the database alone reveals none of them.
//
// A sealed value is one string, `v1:<keyId>:<iv>:<ciphertext>` (iv and ciphertext base64url), kept
// in the same column the plain value used to be in. The key id travels with the value, so the
// keyring can hold older keys that still open what they sealed while the newest seals everything
// written from now on. The version and key id are authenticated with the ciphertext: a value moved
// under another key id, or changed in any byte, is refused. A value without the envelope is a row
// written before values were sealed; it opens as itself and is sealed the next time it is written.
import { Conflict } from "../domain/errors";

/** One key of the keyring: its id (written beside each value it seals) and 32 raw bytes. */
export interface SecretKey {
  id: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const VERSION = "v1";
/** Key ids: short, and free of the envelope's separator. */
export const SECRET_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const ENVELOPE = /^v1:([A-Za-z0-9_-]{1,32}):([A-Za-z0-9_-]{16}):([A-Za-z0-9_-]{22,})$/;
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * A stored secret this server cannot open: its key left the keyring, or the value was changed.
 * A conflict with the stored state, not a crash: the person replaces the credential.
 */
export class SecretUnreadable extends Conflict {
  constructor(what = "A saved credential") {
    super(`${what} can no longer be read on this server (it was changed, or its key was retired). Replace it.`);
  }
}

/** What seals new values and opens stored ones. */
export interface SecretBox {
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  /** The value as it is stored: sealed with the newest key. */
  seal(plain: string): Promise<string>;
  /** The plain value of a stored one (a value stored before sealing opens as itself); SecretUnreadable when refused. */
  open(stored: string, what?: string): Promise<string>;
  /** Whether a stored value is sealed with the newest key (false: plain, or an older key). */
  isCurrent(stored: string): boolean;
}

/** Whether a stored value is sealed (any key), as opposed to a plain value written before sealing. */
export const isSealed = (stored: string) => ENVELOPE.test(stored);

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Parses a keyring written as `id:base64key` entries, comma-separated, newest first; null when malformed. */
export function parseKeyring(text: string): SecretKey[] | null {
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const keys: SecretKey[] = [];
  for (const entry of entries) {
    const at = entry.indexOf(":");
    const id = entry.slice(0, at);
    if (at < 0 || !SECRET_KEY_ID.test(id) || keys.some((key) => key.id === id)) return null;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = fromBase64Url(entry.slice(at + 1).replace(/=+$/, ""));
    } catch {
      return null;
    }
    if (bytes.length !== 32) return null;
    keys.push({ id, bytes });
  }
  return keys.length > 0 ? keys : null;
}

/** A keyring entry for a new random key (`id:base64key`), for operators rotating keys. */
export function newKeyringEntry(id: string): string {
  return `${id}:${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/** A box over a keyring whose first key is the newest (the one that seals). */
export function createSecretBox(keyring: readonly SecretKey[]): SecretBox {
  if (keyring.length === 0) throw new Error("A secret box needs at least one key.");
  const current = keyring[0];
  const imported = new Map<string, Promise<CryptoKey>>();
  const keyOf = (key: SecretKey) => {
    let found = imported.get(key.id);
    if (!found) {
      found = crypto.subtle.importKey("raw", key.bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
      imported.set(key.id, found);
    }
    return found;
  };
  const header = (keyId: string) => encoder.encode(`${VERSION}:${keyId}`);

  return {
    currentKeyId: current.id,
    async seal(plain) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: header(current.id) }, await keyOf(current), encoder.encode(plain));
      return `${VERSION}:${current.id}:${toBase64Url(iv)}:${toBase64Url(new Uint8Array(sealed))}`;
    },
    async open(stored, what) {
      const parts = ENVELOPE.exec(stored);
      // Written before values were sealed: the plain value itself.
      if (!parts) return stored;
      const [, keyId, iv, body] = parts;
      const key = keyring.find((candidate) => candidate.id === keyId);
      if (!key) throw new SecretUnreadable(what);
      try {
        const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv), additionalData: header(keyId) }, await keyOf(key), fromBase64Url(body));
        return decoder.decode(plain);
      } catch {
        // GCM's tag did not match (or the bytes were not text): the value was changed.
        throw new SecretUnreadable(what);
      }
    },
    isCurrent(stored) {
      return ENVELOPE.exec(stored)?.[1] === current.id;
    },
  };
}
