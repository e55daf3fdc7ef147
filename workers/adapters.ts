// The composition root: the one place that builds the real adapters behind the domain's ports
// (workers/domain/ports). Every domain context is given what this returns; a new port is wired
// here. The third-party clients load at their port's first use, not when the Worker starts.
import type { DomainPorts } from "./domain/ports";
import type { AppEnv, Config } from "./env";
import { runJob } from "./jobs";
import { sendJobs } from "./lib/job-queue";

/** The real ports for a request or a job running with `env` and `config`. */
export function realPorts(env: AppEnv, config: Config): DomainPorts {
  return {
    jobs: {
      // A job too large for a queue message (an event carrying a long description) travels as a
      // reference to a stored copy, so it is never refused after its write committed.
      send: (jobs) => sendJobs(env, jobs),
      runNow: (job) => runJob(env, job),
    },
    ai: async () => (await import("./integrations/ai/provider")).aiProvider(env, config),
    unsplash: async () => (await import("./integrations/unsplash/client")).unsplashLibrary(config),
    github: async () => (await import("./integrations/github/port")).githubPort(config),
    jira: async () => (await import("./importers/jira/port")).jiraPort(config),
    slack: async () => (await import("./integrations/slack/port")).slackPort(config),
    mail: async () => (await import("./integrations/mail/transport")).mailSetup(env, config),
  };
}
