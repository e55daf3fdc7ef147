// Starts every fake third-party service on loopback and says where each one listens. The Worker
// reaches them through its config (GITHUB_API_URL; Jira through the cloud host name a person types,
// over JIRA_API_SCHEME http).
import { generateKeyPairSync } from "node:crypto";
import { FAKE_AI_KEY, FAKE_AI_MODEL, createFakeAi } from "./ai/server";
import { createFakeGithub } from "./github/server";
import { serveFake } from "./http";
import { createFakeJira } from "./jira/server";
import { TEST_SMTP_USER, startFakeMailServer } from "./mail/server";
import { createFakeSlack } from "./slack/server";
import { createFakeUnsplash } from "./unsplash/server";
import { createFakeWebhookReceiver } from "./webhook-receiver";

/** The test GitHub App: the fake GitHub checks its JWTs with the public half of this key. */
export const TEST_GITHUB_APP = {
  id: "4242",
  slug: "edge-tracker-test",
  webhookSecret: "test-github-webhook-secret",
  clientId: "Iv23liFakeClientId",
  clientSecret: "test-github-client-secret",
};
/** The test Slack app. */
export const TEST_SLACK_APP = { clientId: "1111.2222", clientSecret: "test-slack-client-secret" };
/** The access key the fake Unsplash accepts. */
export const TEST_UNSPLASH_ACCESS_KEY = "test-unsplash-access-key";

export interface FakeServices {
  /** The fake GitHub: its REST API and, under /apps/{slug}/installations/new, its install page. */
  githubUrl: string;
  /** The GitHub App's private key (PKCS#1 PEM, as GitHub hands it out). */
  githubAppPrivateKey: string;
  slackUrl: string;
  /** The fake customer endpoint outgoing webhooks are pointed at (tests/fakes/webhook-receiver.ts). */
  webhookReceiverUrl: string;
  /** host:port to type as the Jira cloud host name. */
  jiraHost: string;
  /** The fake OpenAI-compatible endpoint (its API lives under /v1). */
  aiUrl: string;
  /** The fake Unsplash API (and its photos, under /_fake/images). */
  unsplashUrl: string;
  /** The local SMTP server's port, and where the mails it received are listed. */
  smtpPort: number;
  mailboxUrl: string;
  close(): Promise<void>;
}

export async function startFakeServices(): Promise<FakeServices> {
  const keys = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const [github, jira, slack, webhookReceiver, unsplash, ai, mail] = await Promise.all([
    serveFake(createFakeGithub({ app: { ...TEST_GITHUB_APP, publicKey: keys.publicKey } })),
    serveFake(createFakeJira()),
    serveFake(createFakeSlack(TEST_SLACK_APP)),
    serveFake(createFakeWebhookReceiver()),
    serveFake(createFakeUnsplash(TEST_UNSPLASH_ACCESS_KEY)),
    serveFake(createFakeAi()),
    startFakeMailServer(),
  ]);
  return {
    githubUrl: github.url,
    githubAppPrivateKey: keys.privateKey,
    slackUrl: slack.url,
    webhookReceiverUrl: webhookReceiver.url,
    jiraHost: jira.host,
    unsplashUrl: unsplash.url,
    aiUrl: ai.url,
    smtpPort: mail.smtpPort,
    mailboxUrl: mail.url,
    close: async () => {
      await Promise.all([github.close(), jira.close(), slack.close(), webhookReceiver.close(), unsplash.close(), ai.close(), mail.close()]);
    },
  };
}

/** The Worker variables that point it at the fakes. */
export const fakeServiceVars = (fakes: FakeServices) => ({
  GITHUB_API_URL: fakes.githubUrl,
  GITHUB_WEB_URL: fakes.githubUrl,
  GITHUB_APP_ID: TEST_GITHUB_APP.id,
  GITHUB_APP_SLUG: TEST_GITHUB_APP.slug,
  // One line, as a variable on a command line must be; config turns the escapes back into newlines.
  GITHUB_APP_PRIVATE_KEY: fakes.githubAppPrivateKey.trim().replace(/\n/g, "\\n"),
  GITHUB_WEBHOOK_SECRET: TEST_GITHUB_APP.webhookSecret,
  GITHUB_APP_CLIENT_ID: TEST_GITHUB_APP.clientId,
  GITHUB_APP_CLIENT_SECRET: TEST_GITHUB_APP.clientSecret,
  GITHUB_OAUTH_URL: fakes.githubUrl,
  SLACK_API_URL: `${fakes.slackUrl}/api`,
  SLACK_OAUTH_URL: `${fakes.slackUrl}/oauth/v2/authorize`,
  SLACK_CLIENT_ID: TEST_SLACK_APP.clientId,
  SLACK_CLIENT_SECRET: TEST_SLACK_APP.clientSecret,
  JIRA_API_SCHEME: "http",
  /** Any Jira host name is allowed, so the fake's 127.0.0.1:port can be typed as one. */
  JIRA_HOST_SUFFIX: "",
  /** Read by tests only: where the fake Jira listens. */
  FAKE_JIRA_HOST: fakes.jiraHost,
  /** Read by tests only: the fake webhook receiver. */
  FAKE_WEBHOOK_RECEIVER_URL: fakes.webhookReceiverUrl,
  UNSPLASH_API_URL: fakes.unsplashUrl,
  /** The fake serves its photos itself. */
  UNSPLASH_IMAGES_URL: fakes.unsplashUrl,
  UNSPLASH_ACCESS_KEY: TEST_UNSPLASH_ACCESS_KEY,
  AI_API_URL: `${fakes.aiUrl}/v1`,
  AI_API_KEY: FAKE_AI_KEY,
  AI_MODEL: FAKE_AI_MODEL,
  MAIL_TRANSPORT: "smtp",
  MAIL_FROM: "tracker@edge-tracker.test",
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String(fakes.smtpPort),
  SMTP_SECURITY: "none",
  SMTP_USERNAME: TEST_SMTP_USER.username,
  SMTP_PASSWORD: TEST_SMTP_USER.password,
  /** Below the fake's slow reply, so a slow server is seen as one. */
  SMTP_TIMEOUT_MS: "1500",
  /** Read by tests only: the mails the local SMTP server received. */
  FAKE_MAILBOX_URL: fakes.mailboxUrl,
});
