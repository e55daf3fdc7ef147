// Pieces shared by every layout: the view context, avatars, group headers and the row of issue
// properties. Cards carry no event handlers of their own: buttons say what they do in
// `data-action` and the layout root handles clicks for all of them (1,000 cards stay cheap).
import { createContext, memo, useContext } from "react";
import { IconCalendar, IconDots } from "~/components/icons";
import { PriorityIcon, StateGroupIcon } from "~/components/issue-icons";
import { formatDate } from "../../../workers/domain/schemas/dates";
import {
  type IssuePropertyKey,
  type IssuePropertyToggles,
  PRIORITY_LABELS,
  type Priority,
  dueDateTone,
  orderByLabel,
  type OrderBy,
  stateColor,
  truncateTitle,
} from "~/lib/issue-display";
import type { EstimatePoints } from "./estimate-points";
import type { GroupHeader, Lookups, MemberOption, ViewIssue } from "./model";
import { issueKey } from "./model";
import { IconLink, IconPaperclip, IconSubIssues, IconTag, IconTriangle, IconUser } from "./view-icons";

export interface ViewContextValue {
  identifier: string;
  issuePath(issueId: string): string;
  lookups: Lookups;
  properties: IssuePropertyToggles;
  canEdit: boolean;
  canDrag: boolean;
  today: string;
  /** The points of the project's estimate, or null (points 0-7). */
  points: EstimatePoints;
}

export const ViewContext = createContext<ViewContextValue | null>(null);

export function useViewContext() {
  const value = useContext(ViewContext);
  if (!value) throw new Error("useViewContext outside IssueViews");
  return value;
}

/** The point's value when the project uses an estimate, else the bare number. */
function estimateText(value: number | null | undefined, points: EstimatePoints) {
  if (value === null || value === undefined) return null;
  return points?.find((point) => point.key === value)?.value ?? String(value);
}

/** What a property button opens (handled once at the layout root). */
export type IssueAction =
  | "state"
  | "priority"
  | "assignees"
  | "labels"
  | "start_date"
  | "due_date"
  | "estimate"
  | "cycle"
  | "module"
  | "menu";

const AVATAR_COLORS = ["bg-sky-500", "bg-violet-500", "bg-emerald-500", "bg-amber-500", "bg-rose-500", "bg-indigo-500"];

function colorFor(id: string) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
}

export function Avatar({ member, size = "sm" }: { member: Pick<MemberOption, "id" | "name" | "avatar">; size?: "xs" | "sm" }) {
  const sizing = size === "xs" ? "size-4 text-[8px]" : "size-5 text-[9px]";
  if (member.avatar) {
    return <img src={member.avatar} alt="" className={`${sizing} shrink-0 rounded-full object-cover ring-2 ring-surface`} />;
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizing} flex shrink-0 items-center justify-center rounded-full font-semibold text-white uppercase ring-2 ring-surface ${colorFor(member.id)}`}
    >
      {member.name.slice(0, 1)}
    </span>
  );
}

export function AvatarStack({ members, max = 3 }: { members: Pick<MemberOption, "id" | "name" | "avatar">[]; max?: number }) {
  return (
    <span className="flex -space-x-1">
      {members.slice(0, max).map((member) => (
        <Avatar key={member.id} member={member} />
      ))}
      {members.length > max ? (
        <span className="flex size-5 items-center justify-center rounded-full bg-neutral-200 text-[9px] font-medium text-neutral-600 ring-2 ring-surface">
          +{members.length - max}
        </span>
      ) : null}
    </span>
  );
}

export function GroupIcon({ header }: { header: GroupHeader }) {
  switch (header.type) {
    case "state":
      return <StateGroupIcon group={header.state?.group ?? "backlog"} color={stateColor(header.state)} />;
    case "priority":
      return <PriorityIcon priority={header.priority} />;
    case "label":
      return <span className="size-2.5 rounded-full" style={{ backgroundColor: header.label?.color ?? "#a3a3a3" }} aria-hidden="true" />;
    case "member":
      return header.member ? <Avatar member={header.member} size="xs" /> : <IconUser size={14} className="text-neutral-400" />;
    default:
      return null;
  }
}

/** Shown in the group an issue is dragged from when the order is not Manual. */
/**
 * An issue's title as a link to the issue; the views open it in the peek panel (they catch clicks
 * on `a[data-issue-link]`). Not draggable, so dragging the card or row moves the issue.
 */
export function IssueLink({ issue, max, className, tabIndex }: { issue: ViewIssue; max: number; className: string; tabIndex?: number }) {
  const { issuePath } = useViewContext();
  return (
    <a href={issuePath(issue.id)} data-issue-link="" draggable={false} title={issue.name} className={className} tabIndex={tabIndex}>
      {truncateTitle(issue.name, max)}
    </a>
  );
}

/**
 * Over the group an issue is being dragged from, when the issues are not in manual order: a drop
 * there cannot place the issue, so say what orders the board.
 */
export function OrderedByNotice({
  groupKey,
  dragFrom,
  orderBy,
  className,
}: {
  groupKey: string;
  dragFrom: string | null;
  orderBy: OrderBy;
  className: string;
}) {
  if (dragFrom !== groupKey || orderBy === "sort_order") return null;
  return (
    <div className={className}>
      <p role="status" className="rounded-md border border-amber-200 dark:border-amber-900 bg-amber-50 dark:bg-amber-950/40 px-2.5 py-1.5 text-xs text-amber-800 dark:text-amber-300">
        This board is ordered by {orderByLabel(orderBy)}
      </p>
    </div>
  );
}

const chip =
  "inline-flex h-6 max-w-full items-center gap-1 rounded border border-neutral-200 bg-surface px-1.5 text-xs text-neutral-600";
const editable = "hover:bg-neutral-50 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-brand-500";

function Prop({
  action,
  label,
  canEdit,
  className = "",
  children,
}: {
  action: IssueAction;
  label: string;
  canEdit: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  if (!canEdit) {
    return (
      <span className={`${chip} ${className}`} title={label}>
        {children}
      </span>
    );
  }
  return (
    <button type="button" data-action={action} aria-label={label} title={label} className={`${chip} ${editable} ${className}`}>
      {children}
    </button>
  );
}

function Count({ icon, count, label }: { icon: React.ReactNode; count: number; label: string }) {
  return (
    <span className={chip} title={label}>
      {icon}
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A property drawn as a chip: the toggled ones, and the start date the spreadsheet adds. */
export type ChipProperty = Exclude<IssuePropertyKey, "key"> | "start_date";

/** The order rows and cards draw the properties the user turned on in. */
const CHIP_ORDER: Exclude<ChipProperty, "start_date">[] = [
  "state",
  "priority",
  "labels",
  "due_date",
  "estimate",
  "sub_issue_count",
  "attachment_count",
  "link",
  "assignee",
];

/**
 * One property of an issue. A button that opens its editor where the person may edit, unless
 * `inert` (the spreadsheet's cell is the control and carries the action itself).
 */
export const IssueProperty = memo(function IssueProperty({
  issue,
  property,
  showNames,
  inert = false,
}: {
  issue: ViewIssue;
  property: ChipProperty;
  showNames: boolean;
  inert?: boolean;
}) {
  const { lookups, canEdit: mayEdit, today, points } = useViewContext();
  const canEdit = mayEdit && !inert;
  switch (property) {
    case "state": {
      const state = issue.state ? lookups.states.get(issue.state) : undefined;
      return (
        <Prop action="state" canEdit={canEdit} label={`State: ${state?.name ?? "None"}`}>
          <StateGroupIcon group={state?.group ?? "backlog"} color={stateColor(state)} size={12} />
          {showNames ? <span className="truncate">{state?.name ?? "None"}</span> : null}
        </Prop>
      );
    }
    case "priority": {
      const priority = (issue.priority in PRIORITY_LABELS ? issue.priority : "none") as Priority;
      return (
        <Prop action="priority" canEdit={canEdit} label={`Priority: ${PRIORITY_LABELS[priority]}`}>
          <PriorityIcon priority={priority} size={12} />
          {showNames ? <span>{PRIORITY_LABELS[priority]}</span> : null}
        </Prop>
      );
    }
    case "labels": {
      const labels = issue.labels.flatMap((id) => lookups.labels.get(id) ?? []);
      return (
        <Prop
          action="labels"
          canEdit={canEdit}
          label={labels.length ? `Labels: ${labels.map((label) => label.name).join(", ")}` : "Labels: none"}
        >
          {labels.length === 0 ? (
            <>
              <IconTag size={12} />
              <span>Labels</span>
            </>
          ) : (
            <>
              {labels.slice(0, 2).map((label) => (
                <span key={label.id} className="inline-flex min-w-0 items-center gap-1">
                  <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: label.color }} aria-hidden="true" />
                  <span className="max-w-24 truncate">{label.name}</span>
                </span>
              ))}
              {labels.length > 2 ? <span>+{labels.length - 2}</span> : null}
            </>
          )}
        </Prop>
      );
    }
    case "start_date":
      return (
        <Prop action="start_date" canEdit={canEdit} label={issue.start_date ? `Start date: ${formatDate(issue.start_date)}` : "Start date: none"}>
          <IconCalendar size={12} />
          <span>{issue.start_date ? formatDate(issue.start_date) : "Start date"}</span>
        </Prop>
      );
    case "due_date": {
      const tone = dueDateTone(issue.target_date, today);
      return (
        <Prop
          action="due_date"
          canEdit={canEdit}
          label={issue.target_date ? `Due date: ${formatDate(issue.target_date)}` : "Due date: none"}
          className={tone === "past" ? "!text-red-600 dark:text-red-400" : tone === "soon" ? "!text-orange-500" : ""}
        >
          <IconCalendar size={12} />
          <span>{issue.target_date ? formatDate(issue.target_date) : "Due date"}</span>
        </Prop>
      );
    }
    case "estimate":
      return (
        <Prop action="estimate" canEdit={canEdit} label={`Estimate: ${estimateText(issue.estimate_point, points) ?? "none"}`}>
          <IconTriangle size={12} />
          <span>{estimateText(issue.estimate_point, points) ?? "Estimate"}</span>
        </Prop>
      );
    case "sub_issue_count":
      return <Count icon={<IconSubIssues size={12} />} count={issue.sub_issues_count} label={`${issue.sub_issues_count} sub-issues`} />;
    case "attachment_count":
      return <Count icon={<IconPaperclip size={12} />} count={issue.attachment_count} label={`${issue.attachment_count} attachments`} />;
    case "link":
      return <Count icon={<IconLink size={12} />} count={issue.link_count} label={`${issue.link_count} links`} />;
    case "assignee": {
      const assignees = issue.assignees.flatMap((id) => lookups.members.get(id) ?? []);
      return (
        <Prop
          action="assignees"
          canEdit={canEdit}
          label={assignees.length ? `Assignees: ${assignees.map((member) => member.name).join(", ")}` : "Assignees: none"}
          className="border-transparent !bg-transparent px-0.5"
        >
          {assignees.length ? <AvatarStack members={assignees} /> : <IconUser size={14} className="text-neutral-400" />}
        </Prop>
      );
    }
  }
});

/** The issue's properties the user turned on (toggles kept per user and project). */
export const IssueProperties = memo(function IssueProperties({ issue, showNames }: { issue: ViewIssue; showNames: boolean }) {
  const { properties } = useViewContext();
  return (
    <>
      {CHIP_ORDER.filter((property) => properties[property]).map((property) => (
        <IssueProperty key={property} issue={issue} property={property} showNames={showNames} />
      ))}
    </>
  );
});

export function DragGrip() {
  return (
    <span
      data-drag-handle=""
      aria-hidden="true"
      className="drag-grip shrink-0 cursor-grab text-neutral-300 opacity-0 transition-opacity group-hover:opacity-100"
    />
  );
}

export function MenuButton({ issue, identifier }: { issue: ViewIssue; identifier: string }) {
  return (
    <button
      type="button"
      data-action="menu"
      aria-label={`Actions for ${issueKey(identifier, issue)}`}
      className="ml-auto flex size-6 shrink-0 items-center justify-center rounded text-neutral-400 opacity-0 group-hover:opacity-100 hover:bg-neutral-100 hover:text-neutral-700 focus-visible:opacity-100 data-[open]:opacity-100"
    >
      <IconDots size={14} />
    </button>
  );
}
