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
  SLACK_API_URL: optionalUrl.default("https://slack.com/api"),
  UNSPLASH_API_URL: optionalUrl.default("https://api.unsplash.com"),
  UNSPLASH_ACCESS_KEY: z.string().default(""),
  AI_API_URL: optionalUrl.default(""),
  AI_API_KEY: z.string().default(""),
  AI_MODEL: z.string().default(""),
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
    SLACK_API_URL: raw.SLACK_API_URL,
    UNSPLASH_API_URL: raw.UNSPLASH_API_URL,
    UNSPLASH_ACCESS_KEY: raw.UNSPLASH_ACCESS_KEY,
    AI_API_URL: raw.AI_API_URL,
    AI_API_KEY: raw.AI_API_KEY,
    AI_MODEL: raw.AI_MODEL,
    PASSWORD_HASH_ITERATIONS: raw.PASSWORD_HASH_ITERATIONS,
    SESSION_TTL_DAYS: raw.SESSION_TTL_DAYS,
    IMPORT_SUBREQUESTS_PER_RUN: raw.IMPORT_SUBREQUESTS_PER_RUN,
  });
  const config: Config = { ...parsed, secureCookies: parsed.APP_ENV === "production" };
  cache.set(env, config);
  return config;
}
