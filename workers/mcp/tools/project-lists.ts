// A project's lookups an agent reads ids from (states, labels, members, cycles, modules, pages),
// adding issues to a cycle or a module, and writing a page block.
import { z } from "zod";
import { addCycleIssues, listCycles } from "../../domain/cycles";
import { listLabels } from "../../domain/labels";
import { PageParams, pageRequestOf } from "../../domain/list-page";
import { addModuleIssues, listModules } from "../../domain/modules";
import { createPageBlock } from "../../domain/page-blocks";
import { listPages } from "../../domain/pages";
import { listProjectMembers } from "../../domain/projects";
import { CycleIssuesInput, CycleViewParam } from "../../domain/schemas/cycles";
import { ModuleIssuesInput } from "../../domain/schemas/modules";
import { CreatePageBlockInput, PageListParams } from "../../domain/schemas/pages";
import { listStates } from "../../domain/states";
import { asResults, tool } from "../tool";
import { PAGE_HINTS } from "./hints";

const PROJECT = ["workspace_slug", "project_id"] as const;
const page = (input: Record<string, unknown>) => pageRequestOf(input as Record<string, string>);
const ISSUE_IDS = { issues: "The issues' ids (from list_issues or search_workspace), as a list." };

export const projectListTools = [
  tool({
    name: "list_states",
    description: "Lists the project's workflow states (id, name, group: backlog, unstarted, started, completed or cancelled); an issue's `state` is one of these ids.",
    path: PROJECT,
    input: PageParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug, project_id }, input) => asResults(listStates(ctx, workspace_slug, project_id, page(input))),
  }),
  tool({
    name: "list_labels",
    description: "Lists the project's labels (id, name, colour, parent); an issue's `labels_list` holds these ids.",
    path: PROJECT,
    input: PageParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug, project_id }, input) => asResults(listLabels(ctx, workspace_slug, project_id, page(input))),
  }),
  tool({
    name: "list_members",
    description:
      "Lists the project's members with their role (20 admin, 15 member, 10 viewer, 5 guest); `member.id` is the user id an issue's assignees_list and a filter's assignees take.",
    path: PROJECT,
    input: PageParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug, project_id }, input) => asResults(listProjectMembers(ctx, workspace_slug, project_id, page(input))),
  }),
  tool({
    name: "list_cycles",
    description: "Lists the project's cycles (sprints) with their dates and progress; `cycle_view` narrows them (all, incomplete, or one status)",
    path: PROJECT,
    input: z.object({ cycle_view: CycleViewParam }).extend(PageParams.shape),
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug, project_id }, input) => asResults(listCycles(ctx, workspace_slug, project_id, input as Record<string, string>, page(input))),
  }),
  tool({
    name: "list_modules",
    description: "Lists the project's modules (groups of issues towards one goal) with their status, dates and progress.",
    path: PROJECT,
    input: PageParams,
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug, project_id }, input) => asResults(listModules(ctx, workspace_slug, project_id, page(input))),
  }),
  tool({
    name: "list_pages",
    description: "Lists the project's pages (documents); a page's id is what create_page_block takes.",
    path: PROJECT,
    input: PageListParams.extend(PageParams.shape),
    inputKind: "query",
    hints: PAGE_HINTS,
    run: (ctx, { workspace_slug, project_id }, input) => asResults(listPages(ctx, workspace_slug, project_id, input as Record<string, string>, page(input))),
  }),
  tool({
    name: "add_issues_to_cycle",
    description: "Puts issues in a cycle (an issue is in at most one cycle: it leaves its previous one). A completed cycle takes no issues.",
    path: [...PROJECT, "cycle_id"],
    input: CycleIssuesInput,
    hints: ISSUE_IDS,
    writes: true,
    run: (ctx, { workspace_slug, project_id, cycle_id }, input) => addCycleIssues(ctx, workspace_slug, project_id, cycle_id, input),
  }),
  tool({
    name: "add_issues_to_module",
    description: "Puts issues in a module (an issue is in at most one module: it leaves its previous one).",
    path: [...PROJECT, "module_id"],
    input: ModuleIssuesInput,
    hints: ISSUE_IDS,
    writes: true,
    run: (ctx, { workspace_slug, project_id, module_id }, input) => addModuleIssues(ctx, workspace_slug, project_id, module_id, input),
  }),
  tool({
    name: "create_page_block",
    description: "Adds a block (a titled section with a description) to the end of a page.",
    path: [...PROJECT, "page_id"],
    input: CreatePageBlockInput,
    hints: {
      name: "The block's title.",
      description_html: "The block's text as HTML.",
      description: "The block's text as ProseMirror JSON; leave it out and send description_html.",
    },
    writes: true,
    run: (ctx, { workspace_slug, project_id, page_id }, input) => createPageBlock(ctx, workspace_slug, project_id, page_id, input),
  }),
];
