// Issues: list with the list endpoint's filters, read one with its comments and activity, create,
// update and comment. Each calls the domain function its REST handler calls.
import { createIssueComment } from "../../domain/issue-comments";
import { issuePageOf } from "../../domain/issue-page";
import { createIssue, listIssues, updateIssue } from "../../domain/issues";
import { IssueListParams } from "../../domain/issues/list-query";
import { CreateCommentInput } from "../../domain/schemas/issue-comments";
import { CreateIssueInput, UpdateIssueInput } from "../../domain/schemas/issues";
import { tool } from "../tool";
import { ISSUE_LIST_HINTS, ISSUE_WRITE_HINTS } from "./hints";

/** The list endpoint's query without the board's windows and grouping (a plain keyset page). */
const ListIssuesInput = IssueListParams.omit({ group_by: true, per_group: true, group: true, issue__assignees__id: true, issue__labels__id: true });

export const issueTools = [
  tool({
    name: "list_issues",
    description:
      "Lists a project's issues with the filters of the REST list (state, priority, assignees, labels, creator, due date, type), ordered by `order_by`. Answers `{results, next_cursor}`; pass next_cursor as `cursor` for the next page. To find issues by words, use search_workspace.",
    path: ["workspace_slug", "project_id"],
    input: ListIssuesInput,
    inputKind: "query",
    hints: ISSUE_LIST_HINTS,
    run: async (ctx, { workspace_slug, project_id }, input) => {
      // A plain page only: the board's windows and grouping answer other shapes.
      const { group_by: _grouped, per_group: _windows, group: _window, ...query } = input as Record<string, string>;
      return listIssues(ctx, workspace_slug, project_id, query);
    },
  }),
  tool({
    name: "get_issue",
    description:
      "Reads one issue as its page shows it: its fields, sub-issues, attachments and its activity merged with its comments (newest last), with the project's states, labels and members to read the ids by. An issue key such as DEMO-12 is read with the issue resource (issue://{workspace_slug}/{key}).",
    path: ["workspace_slug", "project_id", "issue_id"],
    run: (ctx, { workspace_slug, project_id, issue_id }) => issuePageOf(ctx, workspace_slug, project_id, issue_id),
  }),
  tool({
    name: "create_issue",
    description:
      "Creates an issue in the project (members and admins of the project). Only `name` is required; ids come from list_states, list_labels, list_members, list_cycles and list_modules. Answers the new issue with its `id` and `sequence_id` (the 12 of DEMO-12). Open boards show it at once.",
    path: ["workspace_slug", "project_id"],
    input: CreateIssueInput,
    hints: ISSUE_WRITE_HINTS,
    writes: true,
    run: (ctx, { workspace_slug, project_id }, input) => createIssue(ctx, workspace_slug, project_id, input),
  }),
  tool({
    name: "update_issue",
    description:
      "Changes an issue: send only the fields to change (state, priority, assignees, labels, dates, parent, cycle, module, title, description). A list (assignees_list, labels_list) replaces the whole set. Answers the issue as it now is.",
    path: ["workspace_slug", "project_id", "issue_id"],
    input: UpdateIssueInput,
    hints: ISSUE_WRITE_HINTS,
    writes: true,
    run: (ctx, { workspace_slug, project_id, issue_id }, input) => updateIssue(ctx, workspace_slug, project_id, issue_id, input),
  }),
  tool({
    name: "comment_on_issue",
    description: "Adds a comment to an issue as the token's owner (send it as comment_html and comment_json); mentions and followers are notified as for a comment written on the page.",
    path: ["workspace_slug", "project_id", "issue_id"],
    input: CreateCommentInput,
    hints: {
      comment_html: "The comment as HTML, e.g. <p>Fixed in the last deploy.</p>",
      comment_json:
        'The same comment as ProseMirror JSON, e.g. {"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Fixed in the last deploy."}]}]}. Both are required, as in the REST API.',
    },
    writes: true,
    run: (ctx, { workspace_slug, project_id, issue_id }, input) => createIssueComment(ctx, workspace_slug, project_id, issue_id, input),
  }),
];
