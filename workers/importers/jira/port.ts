// The domain's Jira port (workers/domain/ports/jira.ts) over the Jira Cloud client and its calls.
import type { JiraPort } from "../../domain/ports/jira";
import type { Config } from "../../env";
import { allLabels, approximateCount, assignableUsers, epicCount, getProject, projectJql, projectStatuses } from "./api";
import { JiraClient, jiraHostExample, jiraHostOf, jiraProjectKeyOf } from "./client";

/** Jira as the domain asks of it, with this server's `config`. */
export const jiraPort = (config: Config): JiraPort => ({
  hostOf: (typed) => jiraHostOf(config, typed),
  hostExample: () => jiraHostExample(config),
  projectKeyOf: jiraProjectKeyOf,
  site: (site) => {
    const client = new JiraClient(config, site);
    return {
      checkProject: async (key) => {
        await getProject(client, key);
      },
      issueCount: (key) => approximateCount(client, projectJql(key)),
      labels: () => allLabels(client),
      statuses: (key) => projectStatuses(client, key),
      epicCount: (key) => epicCount(client, key),
      assignableUsers: (key) => assignableUsers(client, key),
    };
  },
});
