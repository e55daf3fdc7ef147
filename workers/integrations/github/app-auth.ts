// Acting as the GitHub App: a JSON Web Token signed RS256 with the app's private key (WebCrypto,
// no library), exchanged for an installation's access token, which is kept in the isolate until
// five minutes before GitHub says it expires. Concurrent callers share one mint.
import type { Config } from "../../env";
import { GithubClient, githubUnavailable, githubUnreachable } from "../../importers/github/client";
import { SourceRefused } from "../../importers/source";

/** The GitHub App is not set up on this server (no id or private key in config). */
export class GithubAppNotConfigured extends Error {
  constructor() {
    super("The GitHub App is not set up on this server: set GITHUB_APP_ID, GITHUB_APP_SLUG and GITHUB_APP_PRIVATE_KEY.");
  }
}

export const githubAppConfigured = (config: Config) =>
  config.GITHUB_APP_ID !== "" && config.GITHUB_APP_SLUG !== "" && config.GITHUB_APP_PRIVATE_KEY !== "";

/** Tokens are refreshed this long before their expiry, so none expires mid-request. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** GitHub accepts app tokens valid for at most ten minutes; the clock may be a minute off. */
const JWT_LIFETIME_S = 9 * 60;
const CLOCK_SKEW_S = 60;

const base64url = (bytes: ArrayBuffer | Uint8Array) => {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const utf8 = (text: string) => new TextEncoder().encode(text);

/** DER length bytes for `length`. */
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

/**
 * GitHub hands out PKCS#1 keys ("BEGIN RSA PRIVATE KEY"); WebCrypto imports PKCS#8 only. A PKCS#1
 * key becomes PKCS#8 by wrapping it: SEQUENCE { version 0, rsaEncryption algorithm, OCTET STRING key }.
 */
function pkcs8Of(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END)[^-]+-----/g, "").replace(/\s+/g, "");
  const der = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  if (!pem.includes("BEGIN RSA PRIVATE KEY")) return der;
  const version = [0x02, 0x01, 0x00];
  const algorithm = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const octets = [0x04, ...derLength(der.length)];
  const contentLength = version.length + algorithm.length + octets.length + der.length;
  return Uint8Array.from([0x30, ...derLength(contentLength), ...version, ...algorithm, ...octets, ...der]);
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(pem: string): Promise<CryptoKey> {
  let key = signingKeys.get(pem);
  if (!key) {
    key = crypto.subtle.importKey("pkcs8", pkcs8Of(pem) as BufferSource, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
    key.catch(() => signingKeys.delete(pem));
    signingKeys.set(pem, key);
  }
  return key;
}

/** The app's own token (RS256 JWT, issuer = app id), for the /app endpoints. */
export async function githubAppJwt(config: Config, now = Date.now()): Promise<string> {
  if (!githubAppConfigured(config)) throw new GithubAppNotConfigured();
  const issuedAt = Math.floor(now / 1000) - CLOCK_SKEW_S;
  const header = base64url(utf8(JSON.stringify({ alg: "RS256", typ: "JWT" })));
  const payload = base64url(utf8(JSON.stringify({ iat: issuedAt, exp: issuedAt + CLOCK_SKEW_S + JWT_LIFETIME_S, iss: config.GITHUB_APP_ID })));
  const key = await signingKey(config.GITHUB_APP_PRIVATE_KEY);
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, utf8(`${header}.${payload}`));
  return `${header}.${payload}.${base64url(signature)}`;
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** Installation tokens by GitHub API URL and installation id (the pending mint, then its answer). */
const installationTokens = new Map<string, Promise<CachedToken>>();

/**
 * A call to GitHub as the app itself (its JWT): the successful answer, or SourceUnavailable (GitHub
 * down or unreachable) / SourceRefused with `notFound` for a 404 and a credentials hint otherwise.
 */
export async function appRequest(config: Config, method: "GET" | "POST", path: string, notFound: string): Promise<Response> {
  const jwt = await githubAppJwt(config);
  let response: Response;
  try {
    response = await fetch(`${config.GITHUB_API_URL}${path}`, {
      method,
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${jwt}`,
        "x-github-api-version": "2022-11-28",
        "user-agent": "edge-tracker",
      },
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw githubUnreachable(error);
  }
  if (response.status >= 500) throw githubUnavailable(response.status);
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceRefused(
      response.status === 404
        ? notFound
        : `GitHub refused the app's credentials (${response.status}). Check GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY.`,
    );
  }
  return response;
}

async function mintInstallationToken(config: Config, installationId: number): Promise<CachedToken> {
  const response = await appRequest(
    config,
    "POST",
    `/app/installations/${installationId}/access_tokens`,
    "The GitHub App is no longer installed on this account. Install it again.",
  );
  const body = (await response.json()) as { token: string; expires_at: string };
  return { token: body.token, expiresAt: Date.parse(body.expires_at) };
}

/** An access token for the installation, minted when none is cached or it is about to expire. */
export async function installationToken(config: Config, installationId: number): Promise<string> {
  const key = `${config.GITHUB_API_URL} ${installationId}`;
  const cached = installationTokens.get(key);
  if (cached) {
    try {
      const token = await cached;
      if (token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.token;
    } catch {
      // A failed mint is not kept: mint again below.
    }
    if (installationTokens.get(key) !== cached) return installationToken(config, installationId);
  }
  const minting = mintInstallationToken(config, installationId);
  installationTokens.set(key, minting);
  try {
    return (await minting).token;
  } catch (error) {
    if (installationTokens.get(key) === minting) installationTokens.delete(key);
    throw error;
  }
}

/** Forgets an installation's token (after GitHub refused it, or the installation was removed). */
export function forgetInstallationToken(config: Config, installationId: number) {
  installationTokens.delete(`${config.GITHUB_API_URL} ${installationId}`);
}

/** A GitHub client acting as the installation. */
export async function installationClient(config: Config, installationId: number): Promise<GithubClient> {
  return new GithubClient(config.GITHUB_API_URL, await installationToken(config, installationId));
}
