// Sub-issues of the issue: the list with its progress (completed plus cancelled over
// the total, capped at 100, whole percent), adding existing issues (only issues without a parent,
// not this issue nor its parent), creating one through the issue modal with this issue as parent,
// and removing one (its parent becomes null). Guests and viewers only read.
import { Link } from "@remix-run/react";
import { useState } from "react";
import { IconChevronDown, IconIssues, IconPlus, IconX } from "../icons";
import { PriorityIcon, StateGroupIcon } from "../issue-icons";
import { useIssueModal } from "../issue-modal/context";
import { Menu, menuItemClass, truncate } from "../ui";
import { Avatar, issueKey, progressPercent } from "./format";
import { useIssueAction, useIssuePage } from "./page-context";
import { IssueSearchDialog } from "./pickers";
import { ProgressPanel } from "./progress-panel";
import { useProjectResource } from "./project-data";

export function SubIssues() {
  const { data, canEdit, identifier, issuePath, slug, projectId } = useIssuePage();
  const issue = data.issue;
  const modal = useIssueModal();
  const [addOpen, setAddOpen] = useState(false);
  const issues = useProjectResource(slug, projectId, "issues", addOpen);
  const add = useIssueAction();
  const remove = useIssueAction();
  const removing = remove.pendingBody?.intent === "update-related" ? remove.pendingBody.issue_id : null;
  const children = data.subIssues.sub_issues.filter((child) => child.id !== removing);
  const distribution = data.subIssues.state_distribution;
  const done = (distribution.completed ?? 0) + (distribution.cancelled ?? 0);
  const percent = progressPercent(done, data.subIssues.sub_issues.length);
  const membersById = new Map(data.members.map((member) => [member.id, member]));
  const childIds = new Set(data.subIssues.sub_issues.map((child) => child.id));
  // Only issues without a parent, and neither this issue nor its parent.
  const candidates = (issues.data ?? []).filter(
    (candidate) => !candidate.parent && candidate.id !== issue.id && candidate.id !== issue.parent && !childIds.has(candidate.id),
  );

  return (
    <section aria-labelledby="sub-issues-heading" className="mt-8">
      <div className="flex items-center gap-3">
        <h2 id="sub-issues-heading" className="flex items-center gap-2 text-sm font-semibold text-neutral-800">
          <IconIssues size={15} className="text-neutral-400" />
          Sub-issues
          <span className="rounded-full bg-neutral-100 px-1.5 text-xs font-medium text-neutral-500">{data.subIssues.sub_issues.length}</span>
        </h2>
        {data.subIssues.sub_issues.length > 0 ? (
          <div className="flex items-center gap-2" title={`${done} of ${data.subIssues.sub_issues.length} completed or cancelled`}>
            <div
              role="progressbar"
              aria-label="Sub-issue progress"
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
              className="h-1.5 w-28 overflow-hidden rounded-full bg-neutral-100"
            >
              <div className="h-full rounded-full bg-emerald-500 transition-all" style={{ width: `${percent}%` }} />
            </div>
            <span className="text-xs text-neutral-500 tabular-nums">{percent}% Done</span>
          </div>
        ) : null}
        {canEdit ? (
          <Menu
            rootProps={{ positioning: { placement: "bottom-end" } }}
            triggerProps={{ className: "ml-auto inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-neutral-600 hover:bg-neutral-100" }}
            trigger={
              <>
                <IconPlus size={13} /> Add sub-issue <IconChevronDown size={12} />
              </>
            }
            contentClassName="z-[60] w-44"
            portal={false}
          >
            {(Menu) => (
              <>
                <Menu.Item value="create" onSelect={() => modal.open({ defaults: { parent: issue.id } })} className={menuItemClass}>
                  Create new
                </Menu.Item>
                <Menu.Item value="existing" onSelect={() => setAddOpen(true)} className={menuItemClass}>
                  Add existing
                </Menu.Item>
              </>
            )}
          </Menu>
        ) : null}
      </div>

      {children.length > 0 ? (
        <ul aria-label="Sub-issues" className="mt-3 divide-y divide-neutral-100 rounded-lg border border-neutral-200">
          {children.map((child) => (
            <li key={child.id} className="group flex items-center gap-3 px-3 py-2 hover:bg-neutral-50">
              {child.state_detail ? <StateGroupIcon group={child.state_detail.group} color={child.state_detail.color} /> : null}
              <span className="w-16 shrink-0 font-mono text-xs text-neutral-400">{issueKey(identifier, child.sequence_id)}</span>
              <Link to={issuePath(child.id)} className="min-w-0 flex-1 truncate text-sm text-neutral-800 hover:underline" title={child.name}>
                {truncate(child.name, 50)}
              </Link>
              <PriorityIcon priority={child.priority ?? "none"} size={13} />
              <span className="flex -space-x-1">
                {child.assignees.slice(0, 3).flatMap((id) => {
                  const member = membersById.get(id);
                  return member ? [<Avatar key={id} name={member.name} size="xs" />] : [];
                })}
              </span>
              {canEdit ? (
                <button
                  type="button"
                  aria-label={`Remove sub-issue ${issueKey(identifier, child.sequence_id)}`}
                  title="Remove from sub-issues"
                  onClick={() => remove.submit({ intent: "update-related", issue_id: child.id, patch: { parent: null } })}
                  className="rounded p-1 text-neutral-400 opacity-0 group-hover:opacity-100 hover:bg-neutral-200 hover:text-neutral-700 focus-visible:opacity-100"
                >
                  <IconX size={13} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-neutral-400">No sub-issues yet.</p>
      )}
      {data.subIssues.sub_issues.length > 0 ? <ProgressPanel /> : null}

      <IssueSearchDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        title="Add sub-issues"
        issues={candidates}
        loading={issues.loading}
        identifier={identifier}
        multiple
        submitLabel="Add selected issues"
        submitting={add.pending}
        onSubmit={(ids) => add.submit({ intent: "add-sub-issues", sub_issue_ids: ids })}
      />
    </section>
  );
}
