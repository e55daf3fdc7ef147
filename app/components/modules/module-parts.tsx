// Pieces the module cards and the module sidebar share: the status names and colours, the progress
// (a whole percent capped at 100, with the counts per state group), people as avatars, the menu
// (Edit, Delete, Copy link) and the delete confirmation.
import { useFetcher } from "@remix-run/react";
import { MODULE_STATUSES } from "../../../workers/domain/schemas/modules";
import { memberName } from "../../../workers/domain/schemas/responses";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { IconLink, IconPencil, IconTrash } from "~/components/icons";
import { useAction } from "~/hooks/use-action";
import { useCopy } from "~/hooks/use-copy";
import { ActionsMenu } from "~/components/ui";
import { PROGRESS_GROUPS } from "~/lib/cycle-display";
import { moduleStatusColor } from "~/lib/issue-display";
import { MODULE_TEXT, type ModuleResponse, type ModulePerson, type ModulesPageAnswer, type ModulesPageIntent } from "~/lib/modules-page-contract";
import { moduleIssuesPath, projectModulesPath } from "~/lib/paths";

export type ModuleStatus = (typeof MODULE_STATUSES)[number];

export const MODULE_STATUS_LABELS: Record<ModuleStatus, string> = {
  backlog: "Backlog",
  planned: "Planned",
  "in-progress": "In Progress",
  paused: "Paused",
  completed: "Completed",
  cancelled: "Cancelled",
};

export const MODULE_STATUS_OPTIONS = MODULE_STATUSES.map((status) => ({ value: status, label: MODULE_STATUS_LABELS[status] }));

/** The dot colour of a status (the timeline draws its bars in the same colours). */
export const statusColor = (status: ModuleStatus) => moduleStatusColor(status);

/** The state groups as progress shows them (cycles too), each with the module's count field. */
export const ISSUE_GROUPS = PROGRESS_GROUPS.map((group) => ({ ...group, key: `${group.group}_issues` as const }));

/** The longest module name a card shows before it is cut. */
export const MODULE_NAME_SHOWN = 75;

export function statusOf(module: Pick<ModuleResponse, "status">): ModuleStatus {
  return (MODULE_STATUSES as readonly string[]).includes(module.status) ? (module.status as ModuleStatus) : "backlog";
}

/** Completed issues over all of them, as a whole percent, never above 100. */
export function moduleProgress(module: Pick<ModuleResponse, "completed_issues" | "total_issues">) {
  if (module.total_issues <= 0) return 0;
  return Math.min(100, Math.round((module.completed_issues / module.total_issues) * 100));
}

/** A member of a module's answer as the avatars show people. */
export function personOf(member: ModuleResponse["members_detail"][number]): ModulePerson {
  return { id: member.id, name: memberName(member), email: member.email, avatar: member.avatar };
}

export function StatusBadge({ status }: { status: ModuleStatus }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full border border-neutral-200 px-2 py-0.5 text-xs font-medium text-neutral-700">
      <span className="size-2 rounded-full" style={{ backgroundColor: statusColor(status) }} aria-hidden="true" />
      {MODULE_STATUS_LABELS[status]}
    </span>
  );
}

/** A bar split by state group, each part as wide as its share of the issues. */
export function GroupBar({ module, label }: { module: ModuleResponse; label: string }) {
  const total = module.total_issues;
  return (
    <div className="flex h-1.5 w-full overflow-hidden rounded-full bg-neutral-100" role="img" aria-label={label} title={groupCountsText(module)}>
      {total > 0
        ? ISSUE_GROUPS.map((group) =>
            module[group.key] > 0 ? (
              <span key={group.key} style={{ width: `${(module[group.key] / total) * 100}%`, backgroundColor: group.color }} />
            ) : null,
          )
        : null}
    </div>
  );
}

/** "Backlog 2, Unstarted 1, ...": the counts the bar draws, in words. */
export function groupCountsText(module: ModuleResponse) {
  return ISSUE_GROUPS.map((group) => `${group.label} ${module[group.key]}`).join(", ");
}

/** Copies the module's address and says whether it worked. */
export function useCopyModuleLink(workspaceSlug: string, projectId: string) {
  const copy = useCopy();
  return (moduleId: string) =>
    copy(new URL(moduleIssuesPath(workspaceSlug, projectId, moduleId), window.location.origin).href, { title: "Link Copied!", message: MODULE_TEXT.linkCopied });
}

/** The module's menu: Edit (where offered), Delete (members and owners) and Copy link. */
export function ModuleMenu({
  module,
  canEdit,
  onEdit,
  onDelete,
  onCopy,
  onOpen,
}: {
  module: ModuleResponse;
  canEdit: boolean;
  onEdit?(): void;
  onDelete(): void;
  onCopy(): void;
  /** Called when the pointer or focus reaches the trigger (to preload the dialog). */
  onOpen?(): void;
}) {
  return (
    <ActionsMenu
      name={module.name}
      onPreload={onOpen}
      actions={[
        ...(canEdit && onEdit ? [{ value: "edit", label: "Edit", icon: <IconPencil size={14} />, onSelect: onEdit }] : []),
        ...(canEdit ? [{ value: "delete", label: "Delete", icon: <IconTrash size={14} />, danger: true, onSelect: onDelete }] : []),
        { value: "copy", label: "Copy link", icon: <IconLink size={14} />, onSelect: onCopy },
      ]}
    />
  );
}

/** "Delete Module": asks first, then deletes; a failure says so and the dialog stays. */
export function DeleteModuleDialog({
  module,
  workspaceSlug,
  projectId,
  onClose,
  onDeleted,
}: {
  module: ModuleResponse | null;
  workspaceSlug: string;
  projectId: string;
  onClose(): void;
  onDeleted(): void;
}) {
  const fetcher = useFetcher<ModulesPageAnswer>({ key: "module-delete" });
  useAction(fetcher, {
    onDone: () => {
      onClose();
      onDeleted();
    },
    message: () => MODULE_TEXT.deleteFailed,
  });
  return (
    <ConfirmDeleteDialog
      kind="module"
      target={module}
      consequence="Its issues stay in the project."
      onClose={onClose}
      pending={fetcher.state !== "idle"}
      onConfirm={(target) => {
        const body: ModulesPageIntent = { intent: "delete-module", module_id: target.id };
        fetcher.submit(body as never, { method: "post", action: modulesActionPath(workspaceSlug, projectId), encType: "application/json" });
      }}
    />
  );
}

/** Where every module intent is posted: the modules list's action. */
export const modulesActionPath = (workspaceSlug: string, projectId: string) => `${projectModulesPath(workspaceSlug, projectId)}?index`;
