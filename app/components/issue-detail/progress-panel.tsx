// The progress panel: how the sub-issues of this issue are getting on, by assignee,
// label or state group. The last chosen tab is remembered (localStorage); Assignees by default.
import { Tabs } from "@ark-ui/react/tabs";
import { oneOf, useStoredPreference } from "~/hooks/use-stored-preference";
import { LabelDot } from "./options";
import { Avatar, progressPercent } from "./format";
import { type SubIssueRow, useIssuePage } from "./page-context";

export const PROGRESS_TABS = ["Assignees", "Labels", "States"] as const;
export type ProgressTab = (typeof PROGRESS_TABS)[number];
export const PROGRESS_TAB_KEY = "issue-progress-tab";

/** State group colours. */
export const STATE_GROUP_COLORS: Record<string, string> = {
  backlog: "#3f76ff",
  unstarted: "#ff9e9e",
  started: "#d687ff",
  cancelled: "#ff5353",
  completed: "#096e8d",
};
const GROUP_NAMES: Record<string, string> = {
  backlog: "Backlog",
  unstarted: "Unstarted",
  started: "Started",
  completed: "Completed",
  cancelled: "Cancelled",
};

const isDone = (issue: SubIssueRow) => issue.state_detail?.group === "completed" || issue.state_detail?.group === "cancelled";

function ProgressRow({ icon, name, done, total }: { icon: React.ReactNode; name: string; done: number; total: number }) {
  const percent = progressPercent(done, total);
  return (
    <li className="flex items-center gap-2 py-1.5 text-sm">
      {icon}
      <span className="min-w-0 flex-1 truncate text-neutral-700">{name}</span>
      <span className="h-1.5 w-20 overflow-hidden rounded-full bg-neutral-100">
        <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-20 text-right text-xs text-neutral-500 tabular-nums">
        {done}/{total} · {percent}%
      </span>
    </li>
  );
}

export function ProgressPanel() {
  const { data } = useIssuePage();
  const issues = data.subIssues.sub_issues;
  const [tab, setTab] = useStoredPreference<ProgressTab>(PROGRESS_TAB_KEY, "Assignees", oneOf(PROGRESS_TABS));
  const choose = (value: string) => setTab(value as ProgressTab);

  const byMember = data.members
    .map((member) => {
      const mine = issues.filter((issue) => issue.assignees.includes(member.id));
      return { member, total: mine.length, done: mine.filter(isDone).length };
    })
    .filter((row) => row.total > 0);
  const unassigned = issues.filter((issue) => issue.assignees.length === 0);
  const byLabel = data.labels
    .map((label) => {
      const tagged = issues.filter((issue) => issue.labels.includes(label.id));
      return { label, total: tagged.length, done: tagged.filter(isDone).length };
    })
    .filter((row) => row.total > 0);
  const distribution = data.subIssues.state_distribution;

  return (
    <Tabs.Root value={tab} onValueChange={(details) => choose(details.value)} className="mt-3 rounded-lg border border-neutral-200" aria-label="Progress">
      <Tabs.List className="flex gap-1 border-b border-neutral-100 px-2 pt-1.5">
        {PROGRESS_TABS.map((name) => (
          <Tabs.Trigger
            key={name}
            value={name}
            className="rounded-t-md border-b-2 border-transparent px-2.5 py-1.5 text-xs font-medium text-neutral-500 hover:text-neutral-800 data-[selected]:border-brand-500 data-[selected]:text-neutral-900"
          >
            {name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="Assignees" className="px-3 py-1.5">
        <ul>
          {byMember.map(({ member, total, done }) => (
            <ProgressRow key={member.id} icon={<Avatar name={member.name} />} name={member.name} done={done} total={total} />
          ))}
          {unassigned.length ? (
            <ProgressRow icon={<Avatar name="?" />} name="No assignee" done={unassigned.filter(isDone).length} total={unassigned.length} />
          ) : null}
        </ul>
      </Tabs.Content>
      <Tabs.Content value="Labels" className="px-3 py-1.5">
        {byLabel.length === 0 ? <p className="py-2 text-xs text-neutral-400">No labels on the sub-issues.</p> : null}
        <ul>
          {byLabel.map(({ label, total, done }) => (
            <ProgressRow key={label.id} icon={<LabelDot color={label.color} />} name={label.name} done={done} total={total} />
          ))}
        </ul>
      </Tabs.Content>
      <Tabs.Content value="States" className="px-3 py-1.5">
        <ul>
          {Object.entries(distribution).map(([group, count]) => (
            <li key={group} className="flex items-center gap-2 py-1.5 text-sm">
              <span className="size-2.5 rounded-full" style={{ backgroundColor: STATE_GROUP_COLORS[group] ?? "#858e96" }} />
              <span className="flex-1 text-neutral-700">{GROUP_NAMES[group] ?? group}</span>
              <span className="text-xs text-neutral-500 tabular-nums">
                {count} · {progressPercent(count, issues.length)}%
              </span>
            </li>
          ))}
        </ul>
      </Tabs.Content>
    </Tabs.Root>
  );
}
