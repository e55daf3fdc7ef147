// The routes of workers/api/github-webhooks.ts, described for the OpenAPI document (see ../describe.ts).
import { GithubWebhookBody } from "../queries";
import type { RouteDocs } from "../describe";

export const githubWebhooksDocs: RouteDocs = {
  "POST /api/webhooks/github": { summary: "Receive a GitHub webhook", description: "Called by GitHub only: the X-Hub-Signature-256 header is the credential. The work is queued; the answer is immediate.", access: "public", body: GithubWebhookBody, errors: [401, 413] },
};
