// The integrations' inputs (client-safe): the GitHub App's install callback and a project's
// repository sync. Answers and words live in the zod-free integration-texts.ts.
import { z } from "zod";
import { connectionState } from "./connections";

export * from "./integration-texts";

/** Installing the GitHub App needs the App configured on this server. */
export const GITHUB_APP_NOT_SET_UP = "The GitHub App is not set up on this server.";
export const INSTALLATION_ID_REQUIRED = "Expected the installation's id";
export const GITHUB_CODE_REQUIRED = "GitHub did not send an authorization code. Install the app again from the workspace settings.";
/**
 * What GitHub's setup callback hands back after the app was installed and the person authorised
 * it: the installation (a number, sent as text or number), the code that proves who installed it,
 * and the state the round trip was started with.
 */
export const GithubInstallInput = z.object({
  installation_id: z.coerce
    .number({ error: INSTALLATION_ID_REQUIRED })
    .int(INSTALLATION_ID_REQUIRED)
    .positive(INSTALLATION_ID_REQUIRED)
    .max(Number.MAX_SAFE_INTEGER, INSTALLATION_ID_REQUIRED),
  code: z.string({ error: GITHUB_CODE_REQUIRED }).min(1, GITHUB_CODE_REQUIRED).max(500, GITHUB_CODE_REQUIRED),
  state: connectionState,
});

const REPO_PART = /^[A-Za-z0-9_.-]{1,100}$/;
const CHOOSE_REPOSITORY = "Choose a repository";
/** The repository a project's issues are kept in sync with, as the picker names it. */
export const GithubRepositorySyncInput = z.object({
  name: z.string({ error: CHOOSE_REPOSITORY }).regex(REPO_PART, CHOOSE_REPOSITORY),
  owner: z.string({ error: CHOOSE_REPOSITORY }).regex(REPO_PART, CHOOSE_REPOSITORY),
  repository_id: z.number({ error: CHOOSE_REPOSITORY }).int(CHOOSE_REPOSITORY).positive(CHOOSE_REPOSITORY),
  url: z.url({ error: CHOOSE_REPOSITORY }).max(500, CHOOSE_REPOSITORY),
});
export type GithubRepositorySyncPayload = z.input<typeof GithubRepositorySyncInput>;

