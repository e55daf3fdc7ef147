// My work's two read-only layouts: a list with a section per project, and a board with a column per
// state group (each project has its own states; every state has a group). Rows and cards are built
// from the issue views' parts (avatars, state and priority icons, the key, the title cut) and open
// the issue's page; nothing here edits an issue.
import { Link } from "@remix-run/react";
import { PriorityIcon, StateGroupIcon } from "~/components/issue-icons";
import { AvatarStack } from "~/components/issue-views/parts";
import { holdIssueForOpening } from "~/lib/held-issue";
import { KANBAN_COLUMN_CLASS, PRIORITY_LABELS, type Priority, STATE_GROUP_LABELS, TITLE_MAX, stateColor, truncateTitle } from "~/lib/issue-display";
import { issuePath } from "~/lib/paths";
import { STATE_GROUPS, type StateGroup } from "../../../workers/domain/schemas/constants";
import type { MyWorkProject } from "../../../workers/domain/schemas/my-work";
import { type IssueListItem, memberName } from "../../../workers/domain/schemas/responses";

const keyOf = (issue: IssueListItem) => `${issue.project_detail.identifier}-${issue.sequence_id}`;

/** A link to the issue's page that hands the page its row, so the issue shows while it loads. */
function IssueOpenLink({ slug, issue, className, children }: { slug: string; issue: IssueListItem; className: string; children: React.ReactNode }) {
  const to = issuePath(slug, issue.project, issue.id);
  const hold = () =>
    holdIssueForOpening(
      { id: issue.id, key: keyOf(issue), name: issue.name, state: issue.state_detail ? { ...issue.state_detail } : null },
      to,
    );
  return (
    <Link to={to} onClick={hold} className={className} title={issue.name} data-issue-link="">
      {children}
    </Link>
  );
}

function StateBadge({ issue, showName }: { issue: IssueListItem; showName: boolean }) {
  const state = issue.state_detail;
  return (
    <span className="inline-flex items-center gap-1 text-xs text-neutral-600" title={state?.name ?? "No state"}>
      <StateGroupIcon group={state?.group ?? "backlog"} color={stateColor(state)} />
      {showName ? <span className="hidden max-w-28 truncate sm:inline">{state?.name ?? "No state"}</span> : null}
    </span>
  );
}

function Assignees({ issue }: { issue: IssueListItem }) {
  if (issue.assignee_details.length === 0) return null;
  const members = issue.assignee_details.map((member) => ({ id: member.id, name: memberName(member), avatar: member.avatar }));
  return (
    <span title={members.map((member) => member.name).join(", ")}>
      <AvatarStack members={members} />
    </span>
  );
}

function PriorityBadge({ issue }: { issue: IssueListItem }) {
  const label = PRIORITY_LABELS[issue.priority as Priority] ?? issue.priority;
  return (
    <span className="inline-flex" title={`Priority: ${label}`}>
      <PriorityIcon priority={issue.priority} />
      <span className="sr-only">Priority: {label}</span>
    </span>
  );
}

/** The projects that have issues on this page, in the page's project order, each with its issues. */
export function issuesByProject(projects: MyWorkProject[], issues: IssueListItem[]) {
  const byProject = new Map<string, IssueListItem[]>();
  for (const issue of issues) {
    const list = byProject.get(issue.project);
    if (list) list.push(issue);
    else byProject.set(issue.project, [issue]);
  }
  return projects.flatMap((project) => {
    const list = byProject.get(project.id);
    return list ? [{ project, issues: list }] : [];
  });
}

/** The list: a section per project, headed by its name and how many of its issues are here. */
export function MyWorkList({ slug, projects, issues }: { slug: string; projects: MyWorkProject[]; issues: IssueListItem[] }) {
  return (
    <div className="min-h-full bg-surface pb-24">
      {issuesByProject(projects, issues).map(({ project, issues: projectIssues }) => {
        const headingId = `project-${project.id}`;
        return (
          <section key={project.id} aria-labelledby={headingId}>
            {/* The page scrolls as a whole: a project's header stops under the shell's sticky header (h-14). */}
            <div className="sticky top-14 z-10 flex h-10 items-center gap-2 border-b border-neutral-200 bg-neutral-50/95 px-4 backdrop-blur sm:px-6">
              <span className="rounded bg-neutral-200/70 px-1.5 text-[11px] font-semibold text-neutral-600">{project.identifier}</span>
              <h2 id={headingId} className="text-sm font-medium text-neutral-800">
                {project.name}
              </h2>
              <span className="rounded-full bg-neutral-200/70 px-1.5 text-xs font-medium text-neutral-600">
                {projectIssues.length.toLocaleString("en-US")}
              </span>
            </div>
            <ul>
              {projectIssues.map((issue) => (
                <li
                  key={issue.id}
                  data-issue-id={issue.id}
                  className="flex h-11 items-center gap-2 border-b border-neutral-100 bg-surface px-4 hover:bg-neutral-50 sm:px-6"
                >
                  <PriorityBadge issue={issue} />
                  <span className="w-16 shrink-0 text-xs font-medium text-neutral-400">{keyOf(issue)}</span>
                  <IssueOpenLink slug={slug} issue={issue} className="min-w-0 flex-1 truncate text-sm text-neutral-800 hover:text-neutral-950">
                    {truncateTitle(issue.name, TITLE_MAX.list)}
                  </IssueOpenLink>
                  <span className="flex shrink-0 items-center gap-2">
                    <StateBadge issue={issue} showName />
                    <Assignees issue={issue} />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

const groupOf = (issue: IssueListItem): StateGroup => (issue.state_detail?.group as StateGroup | undefined) ?? "backlog";

/** The board: a column per state group, in board order; a card names its project by its key. */
export function MyWorkKanban({ slug, issues }: { slug: string; issues: IssueListItem[] }) {
  return (
    <div className="relative flex h-full min-h-0 gap-3 overflow-x-auto bg-neutral-50 p-4 sm:px-6">
      {STATE_GROUPS.map((group) => {
        const cards = issues.filter((issue) => groupOf(issue) === group);
        const headingId = `column-${group}`;
        return (
          <section key={group} aria-labelledby={headingId} className={`${KANBAN_COLUMN_CLASS} flex min-h-0 shrink-0 flex-col rounded-lg bg-neutral-100/80`}>
            <div className="flex h-10 shrink-0 items-center gap-2 px-3">
              <StateGroupIcon group={group} color={stateColor({ group })} />
              <h2 id={headingId} className="truncate text-sm font-medium text-neutral-800">
                {STATE_GROUP_LABELS[group]}
              </h2>
              <span className="rounded-full bg-surface px-1.5 text-xs font-medium text-neutral-500 ring-1 ring-neutral-200">
                {cards.length.toLocaleString("en-US")}
              </span>
            </div>
            <ul className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-3">
              {cards.map((issue) => (
                <li key={issue.id} data-issue-id={issue.id} className="rounded-lg border border-neutral-200 bg-surface p-3 shadow-xs hover:border-neutral-300 hover:shadow-sm">
                  <div className="flex h-5 items-center gap-1.5">
                    <span className="text-xs font-medium text-neutral-400">{keyOf(issue)}</span>
                    <span className="ml-auto truncate text-xs text-neutral-400">{issue.project_detail.name}</span>
                  </div>
                  <IssueOpenLink
                    slug={slug}
                    issue={issue}
                    className="mt-1 line-clamp-3 text-sm leading-snug font-medium break-words text-neutral-800 hover:text-neutral-950"
                  >
                    {truncateTitle(issue.name, TITLE_MAX.kanban)}
                  </IssueOpenLink>
                  <div className="mt-2.5 flex items-center gap-2">
                    <StateBadge issue={issue} showName />
                    <PriorityBadge issue={issue} />
                    <span className="ml-auto" />
                    <Assignees issue={issue} />
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
