// Starts every fake third-party service on loopback and says where each one listens. The Worker
// reaches them through its config (GITHUB_API_URL; Jira through the cloud host name a person types,
// over JIRA_API_SCHEME http).
import { createFakeGithub } from "./github/server";
import { serveFake } from "./http";
import { createFakeJira } from "./jira/server";

export interface FakeServices {
  githubUrl: string;
  /** host:port to type as the Jira cloud host name. */
  jiraHost: string;
  close(): Promise<void>;
}

export async function startFakeServices(): Promise<FakeServices> {
  const [github, jira] = await Promise.all([serveFake(createFakeGithub()), serveFake(createFakeJira())]);
  return {
    githubUrl: github.url,
    jiraHost: jira.host,
    close: async () => {
      await Promise.all([github.close(), jira.close()]);
    },
  };
}

/** The Worker variables that point it at the fakes. */
export const fakeServiceVars = (fakes: FakeServices) => ({
  GITHUB_API_URL: fakes.githubUrl,
  JIRA_API_SCHEME: "http",
  /** Any Jira host name is allowed, so the fake's 127.0.0.1:port can be typed as one. */
  JIRA_HOST_SUFFIX: "",
  /** Read by tests only: where the fake Jira listens. */
  FAKE_JIRA_HOST: fakes.jiraHost,
});
