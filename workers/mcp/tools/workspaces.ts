// Where an agent starts: the caller's workspaces and projects, their inbox and their work.
import { z } from "zod";
import { listNotifications } from "../../domain/inbox";
import { PageParams, pageRequestOf } from "../../domain/list-page";
import { MyWorkParams, myWorkOf } from "../../domain/my-work";
import { listProjects } from "../../domain/projects";
import { InboxQuery } from "../../domain/schemas/inbox";
import { SearchSize, searchWorkspace } from "../../domain/search";
import { listMyWorkspaces } from "../../domain/workspaces";
import { PAGE_HINTS } from "./hints";
import { asResults, tool } from "../tool";

export const workspaceTools = [
  tool({
    name: "list_workspaces",
    description:
      "Lists the workspaces the token's owner belongs to, with their role in each. Start here: every other tool names a workspace by its `slug`.",
    path: [],
    input: PageParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, _ids, input) => asResults(listMyWorkspaces(ctx, pageRequestOf(input as Record<string, string>))),
  }),
  tool({
    name: "list_projects",
    description:
      "Lists the workspace's projects the token's owner can see, each with its `id` (project_id for the project tools) and `identifier` (the DEMO of an issue key DEMO-12).",
    path: ["workspace_slug"],
    input: PageParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug }, input) => asResults(listProjects(ctx, workspace_slug, pageRequestOf(input as Record<string, string>))),
  }),
  tool({
    name: "list_notifications",
    description:
      "The token owner's notifications in the workspace (their inbox), newest first: what changed on the issues they follow, are assigned, created or are mentioned in.",
    path: ["workspace_slug"],
    input: InboxQuery.extend(PageParams.shape),
    inputKind: "query",
    hints: { ...PAGE_HINTS, project: "Only this project's notifications: a project id from list_projects." },
    run: (ctx, { workspace_slug }, input) => asResults(listNotifications(ctx, workspace_slug, input, pageRequestOf(input as Record<string, string>))),
  }),
  tool({
    name: "my_work",
    description:
      "The token owner's issues across every project of the workspace: assigned to them (tab `assigned`, the default), created by them (`created`) or followed (`subscribed`). Each row names its project.",
    path: ["workspace_slug"],
    input: MyWorkParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug }, input) => myWorkOf(ctx, workspace_slug, input as Record<string, string>),
  }),
  tool({
    name: "search_workspace",
    description:
      "Searches the workspace by text, as the command palette does: issues by name or by key (DEMO-12), projects, cycles, modules, pages and views, each group at most `per_page` results. Issues found here carry the `id` and `project_id` the issue tools take.",
    path: ["workspace_slug"],
    input: z.object({ search: z.string(), project_id: z.string().optional() }).extend(SearchSize.shape),
    inputKind: "query",
    hints: {
      search: "The words to find (a prefix of the last word matches too), or an issue key such as DEMO-12.",
      project_id: "Only this project's results: a project id from list_projects.",
      per_page: "Results of each kind.",
    },
    run: (ctx, { workspace_slug }, input) => searchWorkspace(ctx, workspace_slug, input),
  }),
];
