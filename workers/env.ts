// The one place that turns bindings and variables into typed config.
// Bindings come typed from `wrangler types` (worker-configuration.d.ts); plain variables are
// parsed here once per Env object, so request paths never repeat schema work.
import { z } from "zod";

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
  /** PBKDF2 rounds; workerd caps PBKDF2 at 100000 (see docs/decisions/002-sessions-and-passwords.md). */
  PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1000).max(100_000).default(100_000),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Calls to GitHub or Jira one import run may make before it hands over to the next run: the
   * free plan allows 50 subrequests per invocation, the paid plan 1,000.
   */
  IMPORT_SUBREQUESTS_PER_RUN: z.coerce.number().int().min(5).max(1000).default(45),
});

export type Config = z.infer<typeof ConfigSchema> & {
  /** Secure cookies everywhere except plain-http local runs. */
  secureCookies: boolean;
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
    PASSWORD_HASH_ITERATIONS: raw.PASSWORD_HASH_ITERATIONS,
    SESSION_TTL_DAYS: raw.SESSION_TTL_DAYS,
    IMPORT_SUBREQUESTS_PER_RUN: raw.IMPORT_SUBREQUESTS_PER_RUN,
  });
  const config: Config = { ...parsed, secureCookies: parsed.APP_ENV === "production" };
  cache.set(env, config);
  return config;
}
