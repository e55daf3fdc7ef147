// "/{slug}/projects/{projectId}/issues": the project's issues, server-rendered, grouped by state.
// Every state shows as a group, empty ones too (showEmptyGroups defaults to true, spec 000).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { IconCalendar } from "~/components/icons";
import { PRIORITY_LABELS, type Priority, PriorityIcon, StateGroupIcon } from "~/components/issue-icons";
import { formatDate, truncate } from "~/components/ui";
import { loadIssueList } from "~/lib/issues.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

/** Issue names are cut at 50 characters in list rows (spec 000 section 9). */
export const ISSUE_NAME_MAX = 50;

export const handle: ProjectPageHandle = { crumb: "Issues" };

export const meta: MetaFunction = ({ matches }) => {
  const project = (matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.data as
    | { project?: { name: string } }
    | undefined)?.project;
  return [{ title: `Issues · ${project?.name ?? "Project"}` }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIssueList(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

type IssueListData = Awaited<ReturnType<typeof loader>>;
type IssueItem = IssueListData["issues"][number];

const DAY_MS = 86_400_000;

/** Red when past, orange within 3 days (spec 000 section 9); computed on UTC days so SSR and hydration agree. */
function dueDateTone(date: string | null) {
  if (!date) return "text-neutral-400";
  const due = Date.parse(`${date}T00:00:00Z`);
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (due < today) return "text-red-600";
  if (due - today <= 3 * DAY_MS) return "text-orange-600";
  return "text-neutral-500";
}

function IssueRow({ issue }: { issue: IssueItem }) {
  const key = `${issue.project_detail.identifier}-${issue.sequence_id}`;
  const priority = (issue.priority ?? "none") as Priority;
  return (
    <li className="group flex items-center gap-3 border-b border-neutral-100 px-4 py-2.5 last:border-b-0 hover:bg-neutral-50 sm:px-6">
      <span className="w-20 shrink-0 font-mono text-xs text-neutral-400">{key}</span>
      {issue.state_detail ? (
        <span className="shrink-0" title={issue.state_detail.name}>
          <StateGroupIcon group={issue.state_detail.group} color={issue.state_detail.color} />
        </span>
      ) : null}
      <span className="min-w-0 flex-1 truncate text-sm text-neutral-800" title={issue.name}>
        {truncate(issue.name, ISSUE_NAME_MAX)}
      </span>
      <span
        className="hidden shrink-0 items-center gap-1.5 rounded-md border border-neutral-200 px-1.5 py-0.5 text-xs text-neutral-600 sm:inline-flex"
        title={`Priority: ${PRIORITY_LABELS[priority] ?? priority}`}
      >
        <PriorityIcon priority={priority} size={12} />
        {PRIORITY_LABELS[priority] ?? priority}
      </span>
      <span
        className={`inline-flex w-28 shrink-0 items-center justify-end gap-1 text-xs ${dueDateTone(issue.target_date)}`}
        title={issue.target_date ? `Due ${formatDate(issue.target_date)}` : "No due date"}
      >
        {issue.target_date ? (
          <>
            <IconCalendar size={12} />
            {formatDate(issue.target_date)}
          </>
        ) : null}
      </span>
      <span className="hidden w-14 shrink-0 justify-end -space-x-1.5 md:flex">
        {issue.assignee_details.slice(0, 3).map((member) => (
          <span
            key={member.id}
            title={member.first_name || member.email}
            className="flex size-5 items-center justify-center rounded-full bg-neutral-700 text-[9px] font-medium text-white uppercase ring-2 ring-white"
          >
            {(member.first_name || member.email).slice(0, 1)}
          </span>
        ))}
      </span>
    </li>
  );
}

export default function ProjectIssues() {
  const { states, issues } = useLoaderData<typeof loader>();
  const byState = new Map<string, IssueItem[]>(states.map((state) => [state.id, []]));
  const orphans: IssueItem[] = [];
  for (const issue of issues) {
    const group = issue.state ? byState.get(issue.state) : undefined;
    if (group) group.push(issue);
    else orphans.push(issue);
  }
  const groups = [
    ...states.map((state) => ({ key: state.id, name: state.name, color: state.color, group: state.group, items: byState.get(state.id) ?? [] })),
    ...(orphans.length > 0 ? [{ key: "none", name: "No state", color: "#858e96", group: "backlog", items: orphans }] : []),
  ];

  return (
    <div className="flex-1 bg-white">
      <div className="flex items-center justify-between border-b border-neutral-200 px-4 py-3 sm:px-6">
        <h1 className="text-sm font-semibold text-neutral-900">Issues</h1>
        <p className="text-xs text-neutral-500">
          {issues.length} issue{issues.length === 1 ? "" : "s"}
        </p>
      </div>
      {groups.map((group) => {
        const headingId = `state-${group.key}`;
        return (
          <section key={group.key} aria-labelledby={headingId}>
            <div className="sticky top-14 z-10 flex items-center gap-2 border-b border-neutral-200 bg-neutral-50/95 px-4 py-2 backdrop-blur sm:px-6">
              <StateGroupIcon group={group.group} color={group.color} />
              <h2 id={headingId} className="text-sm font-medium text-neutral-800">
                {group.name}
              </h2>
              <span className="rounded-full bg-neutral-200/70 px-1.5 text-xs font-medium text-neutral-600">
                {group.items.length}
              </span>
            </div>
            {group.items.length === 0 ? (
              <p className="border-b border-neutral-100 px-4 py-3 text-xs text-neutral-400 sm:px-6">No issues</p>
            ) : (
              <ul>
                {group.items.map((issue) => (
                  <IssueRow key={issue.id} issue={issue} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
