// The one place that turns bindings and variables into typed config.
// Bindings come typed from `wrangler types` (worker-configuration.d.ts); plain variables are
// parsed here once per Env object, so request paths never repeat schema work.
import { z } from "zod";
import { type SecretBox, type SecretKey, createSecretBox, parseKeyring } from "./lib/secret-box";

export type AppEnv = Env;

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value.replace(/\/+$/, ""))
  .pipe(z.union([z.literal(""), z.url()]));

const ConfigSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  GITHUB_API_URL: optionalUrl.default("https://api.github.com"),
  JIRA_API_SCHEME: z.enum(["http", "https"]).default("https"),
  /** Jira host names must end with this (empty: any host, for the local fake). */
  JIRA_HOST_SUFFIX: z.string().trim().toLowerCase().default(".atlassian.net"),
  /** GitHub's web address, where people install the GitHub App. */
  GITHUB_WEB_URL: optionalUrl.default("https://github.com"),
  /** The GitHub App (empty: the GitHub card says the app is not set up on this server). */
  GITHUB_APP_ID: z.string().trim().default(""),
  /** The app's URL name (github.com/apps/{slug}). */
  GITHUB_APP_SLUG: z.string().trim().default(""),
  /** The app's private key, PEM (PKCS#1 as GitHub hands it out, or PKCS#8); `\n` escapes allowed. */
  GITHUB_APP_PRIVATE_KEY: z
    .string()
    .default("")
    .transform((value) => value.replace(/\\n/g, "\n").trim()),
  /**
   * The GitHub App's OAuth client (its settings page, "Client ID" and a generated client secret):
   * installing asks the person to authorise the app, so the server can check they administer the
   * installation before storing it.
   */
  GITHUB_APP_CLIENT_ID: z.string().trim().default(""),
  GITHUB_APP_CLIENT_SECRET: z.string().default(""),
  /** Where GitHub's OAuth endpoints live (`{url}/login/oauth/access_token`). */
  GITHUB_OAUTH_URL: optionalUrl.default("https://github.com"),
  /** The secret GitHub signs webhook deliveries with (X-Hub-Signature-256). */
  GITHUB_WEBHOOK_SECRET: z.string().default(""),
  SLACK_API_URL: optionalUrl.default("https://slack.com/api"),
  /** Where Slack asks a person to authorise the app (OAuth v2). */
  SLACK_OAUTH_URL: optionalUrl.default("https://slack.com/oauth/v2/authorize"),
  SLACK_CLIENT_ID: z.string().trim().default(""),
  SLACK_CLIENT_SECRET: z.string().default(""),
  UNSPLASH_API_URL: optionalUrl.default("https://api.unsplash.com"),
  UNSPLASH_ACCESS_KEY: z.string().default(""),
  /** Where Unsplash's photos are shown from: the pages' image policy allows this origin. */
  UNSPLASH_IMAGES_URL: optionalUrl.default("https://images.unsplash.com"),
  /** An OpenAI-compatible API's base URL, up to and with its version (`https://api.openai.com/v1`). */
  AI_API_URL: optionalUrl.default(""),
  AI_API_KEY: z.string().default(""),
  /** The model asked: a chat model of AI_API_URL, or a `@cf/...` model when the `AI` binding is used. */
  AI_MODEL: z.string().trim().default(""),
  /** How long the AI provider may take over a whole answer (streamed or not) before it counts as failed. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  /**
   * How mail leaves: `smtp` (SMTP_HOST...), `cloudflare` (the EMAIL send_email binding), `outbox`
   * (kept in the development outbox only; never in production), `none`, or `auto`: SMTP when
   * SMTP_HOST is set, else the EMAIL binding in production, else the outbox outside production.
   */
  MAIL_TRANSPORT: z.enum(["auto", "smtp", "cloudflare", "outbox", "none"]).default("auto"),
  /** The sender address; the From name is MAIL_FROM_NAME. */
  MAIL_FROM: z.string().trim().default(""),
  MAIL_FROM_NAME: z.string().trim().default("Edge Tracker"),
  SMTP_HOST: z.string().trim().default(""),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  /** `starttls` (upgrade after connecting; refused if the server does not offer it), `tls` (implicit, port 465) or `none`. */
  SMTP_SECURITY: z.enum(["starttls", "tls", "none"]).default("starttls"),
  SMTP_USERNAME: z.string().default(""),
  SMTP_PASSWORD: z.string().default(""),
  /** How long the SMTP server may take over any one reply. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * The address people reach this server at; every link in a mail starts with it. Outside
   * production the local server's address is the default.
   */
  PUBLIC_BASE_URL: optionalUrl.default(""),
  /** PBKDF2 rounds; workerd caps PBKDF2 at 100000 (see docs/decisions/002-sessions-and-passwords.md). */
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1000).max(100_000).default(100_000),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Sign-ups one client address may make in an hour (ADR 035); an office behind one address shares it. */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * API requests (ADR 055) one signed-in user's browser sessions may make in one window, and one API
   * token may make; each token counts apart from its owner's sessions. The board's socket and the
   * pages are not /api requests and do not count.
   */
  API_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(600),
  API_RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** The length of an API rate-limit window: a fixed window that opens at a bucket's first request. */
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * Calls to GitHub or Jira one import run may make before it hands over to the next run: the
   * free plan allows 50 subrequests per invocation, the paid plan 1,000.
   */
  IMPORT_SUBREQUESTS_PER_RUN: z.coerce.number().int().min(5).max(1000).default(45),
  /**
   * The keys third-party credentials are sealed with in D1 (a Worker secret): `id:base64key`
   * entries of 32 random bytes, comma-separated, newest first. The newest seals; the others only
   * open what they sealed. Empty: a fixed development key outside production; production refuses
   * to serve without it.
   */
  SECRETS_KEYRING: z
    .string()
    .trim()
    .default("")
    .transform((value, issue): SecretKey[] | null => {
      if (value === "") return null;
      const keys = parseKeyring(value);
      if (!keys) issue.addIssue({ code: "custom", message: "SECRETS_KEYRING: expected id:base64key entries (32-byte keys), comma-separated, ids unique" });
      return keys;
    }),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, "SECRETS_KEYRING"> & {
  /** Secure cookies everywhere except plain-http local runs. */
  secureCookies: boolean;
  /** Seals and opens the credentials kept in D1 (workers/lib/secret-box.ts). */
  secrets: SecretBox;
  /** Why this server must not serve (production without its keyring), or null. */
  misconfigured: string | null;
  /** Where links in mails point (PUBLIC_BASE_URL; the local server outside production), or "" when unset in production. */
  publicBaseUrl: string;
  /** The sender address (MAIL_FROM; a local one outside production), or "" when unset in production. */
  mailFrom: string;
};

/** The address `npm start` serves at: links in mails point here when nothing else is configured. */
export const LOCAL_BASE_URL = "http://127.0.0.1:8787";

/**
 * The key local runs and tests seal with when no keyring is set: public, so it protects nothing,
 * and production never uses it.
 */
const DEVELOPMENT_KEYRING = "dev:ZWRnZS10cmFja2VyLWRldi1rZXktbm90LXNlY3JldCE";
export const SECRETS_KEYRING_MISSING = "SECRETS_KEYRING is not set: production keeps no credential it cannot seal.";

const refusingBox: SecretBox = {
  currentKeyId: "",
  seal: () => Promise.reject(new Error(SECRETS_KEYRING_MISSING)),
  open: () => Promise.reject(new Error(SECRETS_KEYRING_MISSING)),
  isCurrent: () => false,
};

const cache = new WeakMap<object, Config>();

export function getConfig(env: AppEnv): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const raw = env as unknown as Record<string, unknown>;
  const parsed = ConfigSchema.parse({
    APP_ENV: raw.APP_ENV,
    GITHUB_API_URL: raw.GITHUB_API_URL,
    JIRA_API_SCHEME: raw.JIRA_API_SCHEME,
    JIRA_HOST_SUFFIX: raw.JIRA_HOST_SUFFIX,
    GITHUB_WEB_URL: raw.GITHUB_WEB_URL,
    GITHUB_APP_ID: raw.GITHUB_APP_ID,
    GITHUB_APP_SLUG: raw.GITHUB_APP_SLUG,
    GITHUB_APP_PRIVATE_KEY: raw.GITHUB_APP_PRIVATE_KEY,
    GITHUB_APP_CLIENT_ID: raw.GITHUB_APP_CLIENT_ID,
    GITHUB_APP_CLIENT_SECRET: raw.GITHUB_APP_CLIENT_SECRET,
    GITHUB_OAUTH_URL: raw.GITHUB_OAUTH_URL,
    GITHUB_WEBHOOK_SECRET: raw.GITHUB_WEBHOOK_SECRET,
    SLACK_API_URL: raw.SLACK_API_URL,
    SLACK_OAUTH_URL: raw.SLACK_OAUTH_URL,
    SLACK_CLIENT_ID: raw.SLACK_CLIENT_ID,
    SLACK_CLIENT_SECRET: raw.SLACK_CLIENT_SECRET,
    UNSPLASH_API_URL: raw.UNSPLASH_API_URL,
    UNSPLASH_ACCESS_KEY: raw.UNSPLASH_ACCESS_KEY,
    UNSPLASH_IMAGES_URL: raw.UNSPLASH_IMAGES_URL,
    AI_API_URL: raw.AI_API_URL,
    AI_API_KEY: raw.AI_API_KEY,
    AI_MODEL: raw.AI_MODEL,
    AI_TIMEOUT_MS: raw.AI_TIMEOUT_MS,
    MAIL_TRANSPORT: raw.MAIL_TRANSPORT,
    MAIL_FROM: raw.MAIL_FROM,
    MAIL_FROM_NAME: raw.MAIL_FROM_NAME,
    SMTP_HOST: raw.SMTP_HOST,
    SMTP_PORT: raw.SMTP_PORT,
    SMTP_SECURITY: raw.SMTP_SECURITY,
    SMTP_USERNAME: raw.SMTP_USERNAME,
    SMTP_PASSWORD: raw.SMTP_PASSWORD,
    SMTP_TIMEOUT_MS: raw.SMTP_TIMEOUT_MS,
    PUBLIC_BASE_URL: raw.PUBLIC_BASE_URL,
    PASSWORD_HASH_ITERATIONS: raw.PASSWORD_HASH_ITERATIONS,
    SESSION_TTL_DAYS: raw.SESSION_TTL_DAYS,
    SIGN_UPS_PER_ADDRESS_PER_HOUR: raw.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    API_RATE_LIMIT_PER_USER: raw.API_RATE_LIMIT_PER_USER,
    API_RATE_LIMIT_PER_TOKEN: raw.API_RATE_LIMIT_PER_TOKEN,
    API_RATE_LIMIT_WINDOW_SECONDS: raw.API_RATE_LIMIT_WINDOW_SECONDS,
    IMPORT_SUBREQUESTS_PER_RUN: raw.IMPORT_SUBREQUESTS_PER_RUN,
    SECRETS_KEYRING: raw.SECRETS_KEYRING,
  });
  const { SECRETS_KEYRING: keyring, ...rest } = parsed;
  const production = parsed.APP_ENV === "production";
  const missing = keyring === null && production;
  const config: Config = {
    ...rest,
    secureCookies: production,
    // Production without a keyring answers 503 to every request and runs no job (workers/index.ts);
    // its box refuses too, so nothing is ever sealed with the public development key there.
    secrets: missing ? refusingBox : createSecretBox(keyring ?? (parseKeyring(DEVELOPMENT_KEYRING) as SecretKey[])),
    misconfigured: missing ? SECRETS_KEYRING_MISSING : null,
    publicBaseUrl: rest.PUBLIC_BASE_URL || (production ? "" : LOCAL_BASE_URL),
    mailFrom: rest.MAIL_FROM || (production ? "" : "no-reply@localhost"),
  };
  cache.set(env, config);
  return config;
}
