// Which transport this server's mail leaves by, from config (MAIL_TRANSPORT and friends): the one
// place that reads the mail variables. `auto` takes SMTP when a host is set, else the EMAIL
// binding in production, else the development outbox (never in production).
import type { AppEnv, Config } from "../../env";
import type { MailSetup, MailTransport } from "../../domain/ports/mail";
import { cloudflareTransport } from "./cloudflare";
import { smtpTransport } from "./smtp";

/** Why mail cannot leave this server, as the owner's Mail page and each failed row say it. */
export const MAIL_NOT_CONFIGURED = "Mail is not configured on this server.";

/** The development outbox: the message is kept in the mail log and shown on /dev/outbox, nothing more. */
const outboxTransport: MailTransport = {
  name: "outbox",
  description: "The development outbox (mail is kept here, not sent)",
  send: async () => "Kept in the development outbox.",
};

/** The Worker's send_email binding, when wrangler.toml declares one. */
const emailBinding = (env: AppEnv) => (env as { EMAIL?: SendEmail }).EMAIL;

/** The configured transport, or null when mail cannot leave (with the reason in `mailSetupProblem`). */
export function mailTransport(env: AppEnv, config: Config): MailTransport | null {
  if (mailSetupProblem(env, config)) return null;
  const choice = chosenTransport(env, config);
  if (choice === "smtp") {
    return smtpTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      security: config.SMTP_SECURITY,
      username: config.SMTP_USERNAME,
      password: config.SMTP_PASSWORD,
      timeoutMs: config.SMTP_TIMEOUT_MS,
      fromName: config.MAIL_FROM_NAME,
    });
  }
  const binding = emailBinding(env);
  if (choice === "cloudflare" && binding) return cloudflareTransport(binding, config.MAIL_FROM_NAME);
  if (choice === "outbox") return outboxTransport;
  return null;
}

function chosenTransport(env: AppEnv, config: Config) {
  if (config.MAIL_TRANSPORT !== "auto") return config.MAIL_TRANSPORT;
  if (config.SMTP_HOST) return "smtp";
  if (config.APP_ENV === "production") return emailBinding(env) ? "cloudflare" : "none";
  return "outbox";
}

/** What keeps mail from leaving, in words an owner can act on, or null when it can. */
export function mailSetupProblem(env: AppEnv, config: Config): string | null {
  const choice = chosenTransport(env, config);
  if (choice === "none") return MAIL_NOT_CONFIGURED;
  if (choice === "outbox" && config.APP_ENV === "production") return `${MAIL_NOT_CONFIGURED} (the development outbox is not used in production)`;
  if (choice === "smtp" && !config.SMTP_HOST) return `${MAIL_NOT_CONFIGURED} (MAIL_TRANSPORT is smtp but SMTP_HOST is empty)`;
  if (choice === "cloudflare" && !emailBinding(env)) return `${MAIL_NOT_CONFIGURED} (MAIL_TRANSPORT is cloudflare but the EMAIL binding is missing)`;
  if (!config.mailFrom) return `${MAIL_NOT_CONFIGURED} (MAIL_FROM is not set)`;
  if (!config.publicBaseUrl) return `${MAIL_NOT_CONFIGURED} (PUBLIC_BASE_URL is not set, so mails could carry no link)`;
  return null;
}

/** The domain's view of the setup (ctx.ports.mail): the transport's identity or the problem. */
export function mailSetup(env: AppEnv, config: Config): MailSetup {
  const transport = mailTransport(env, config);
  return {
    transport: transport ? { name: transport.name, description: transport.description } : null,
    problem: transport ? null : (mailSetupProblem(env, config) ?? MAIL_NOT_CONFIGURED),
  };
}
