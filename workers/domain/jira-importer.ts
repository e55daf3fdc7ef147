// Importing from Jira Cloud: what a Jira project holds (the wizard's check of the credentials),
// and starting the import. Only workspace members (not viewers or guests) may; the import job
// itself reads Jira through workers/importers/jira/source.ts.
import { SourceRateLimited, SourceRefused, SourceUnavailable } from "./ports/source-errors";
import { parseInput } from "../lib/validation";
import { ROLE, projectAccess, workspaceAccess } from "./access";
import type { ActorContext, DomainContext } from "./context";
import { Invalid } from "./errors";
import { startImport } from "./importers";
import type { ImporterResponse } from "./schemas/importers";
import {
  JiraCredentials,
  type JiraCredentialsInput,
  JiraImportInput,
  type JiraProjectInfo,
  type JiraUser,
} from "./schemas/jira-importer";

export const JIRA_BUSY = "Jira is busy right now. Wait a minute and try again.";
export const JIRA_UNREACHABLE = "Jira could not be reached. Check the cloud host name and try again.";
export const JIRA_BAD_KEY = "A Jira project key is letters, digits and underscores, starting with a letter (like ENG).";

interface CheckedCredentials {
  host: string;
  projectKey: string;
  email: string;
  apiToken: string;
}

/** The typed credentials made safe to use, or field messages saying what to fix. */
async function checkedCredentials(ctx: DomainContext, input: JiraCredentialsInput, prefix = ""): Promise<CheckedCredentials> {
  const jira = await ctx.ports.jira();
  const host = jira.hostOf(input.cloud_hostname);
  const projectKey = jira.projectKeyOf(input.project_key);
  const fields: Record<string, string[]> = {};
  if (!host) fields[`${prefix}cloud_hostname`] = [`Enter your Jira cloud host name, like ${jira.hostExample()}.`];
  if (!projectKey) fields[`${prefix}project_key`] = [JIRA_BAD_KEY];
  if (!host || !projectKey) throw new Invalid(fields);
  return { host, projectKey, email: input.email, apiToken: input.api_token };
}

/** Jira's refusals and outages as a 400 with a message the person can act on. */
async function askingJira<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SourceRefused) throw new Invalid(error.message);
    if (error instanceof SourceRateLimited) throw new Invalid(JIRA_BUSY);
    if (error instanceof SourceUnavailable) throw new Invalid(`${error.message} Try again in a moment.`);
    throw error;
  }
}

const readerFor = async (ctx: DomainContext, site: CheckedCredentials) => (await ctx.ports.jira()).site({ host: site.host, email: site.email, apiToken: site.apiToken });

/** People, not apps: Jira lists its bots among the assignable users. */
function personOf(user: JiraUser & { accountType?: string; active?: boolean }): JiraUser | null {
  if (!user?.accountId || user.accountType === "app" || user.active === false) return null;
  return { accountId: user.accountId, displayName: user.displayName ?? user.accountId, ...(user.emailAddress ? { emailAddress: user.emailAddress } : {}) };
}

/**
 * What the Jira project holds: issue count, labels, statuses, epics (modules) and the people
 * who can be assigned. Checks the credentials on the way: a refusal is a 400 saying why.
 */
export async function jiraProjectInfo(ctx: ActorContext, slug: string, input: unknown): Promise<JiraProjectInfo> {
  await workspaceAccess(ctx, slug, ROLE.member);
  const site = await checkedCredentials(ctx, parseInput(JiraCredentials, input));
  const jira = await readerFor(ctx, site);
  return askingJira(async () => {
    // The project first: a wrong token or key is one clear answer, not five.
    await jira.checkProject(site.projectKey);
    const [issues, labels, states, modules, users] = await Promise.all([
      jira.issueCount(site.projectKey),
      jira.labels(),
      jira.statuses(site.projectKey),
      jira.epicCount(site.projectKey),
      // Listing people needs a permission some accounts lack: the import still works without it.
      jira.assignableUsers(site.projectKey).catch((error) => {
        if (error instanceof SourceRefused) return [];
        throw error;
      }),
    ]);
    return {
      issues,
      labels: new Set(labels).size,
      states: states.length,
      modules,
      users: users.map(personOf).filter((user): user is JiraUser => user !== null),
    };
  });
}

/**
 * Starts importing a Jira project into one of the workspace's projects. The target project is
 * checked first, then Jira (so a revoked token is a 400 now, not a failed import later).
 */
export async function startJiraImport(ctx: ActorContext, slug: string, body: unknown): Promise<ImporterResponse> {
  await workspaceAccess(ctx, slug, ROLE.member);
  const input = parseInput(JiraImportInput, body);
  const site = await checkedCredentials(ctx, input.metadata, "metadata.");
  await projectAccess(ctx, slug, input.project_id, ROLE.member);
  await askingJira(async () => (await readerFor(ctx, site)).checkProject(site.projectKey));
  return startImport(ctx, slug, {
    service: "jira",
    projectId: input.project_id,
    metadata: { cloud_hostname: site.host, project_key: site.projectKey, email: site.email, api_token: site.apiToken },
    config: { epics_to_modules: input.config.epics_to_modules },
    inviteUsers: input.data.invite_users,
    data: {
      users: input.data.users.map((user) => ({ username: user.username, import: user.import, email: user.email })),
      invite_users: input.data.invite_users,
      total_issues: input.data.total_issues,
      total_labels: input.data.total_labels,
      total_modules: input.data.total_modules,
      total_states: input.data.total_states,
    },
  });
}
