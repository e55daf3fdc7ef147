// The module sidebar beside the module's issues: status, lead and members (changeable by members
// and owners), the dates, the progress with its chart once the dates allow one, the issue counts
// per state group, and the links (added by members and owners; a URL the module already has is
// refused by the server). Its menu deletes the module (back to the list) or copies its link.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Await, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { formatDate } from "../../../workers/domain/schemas/dates";
import { LinkFormSchema } from "../../../workers/domain/schemas/links";
import { MODULE_LINK_URL_TAKEN } from "../../../workers/domain/schemas/modules";
import { IconCalendar, IconChevronDown, IconExternal, IconLink, IconTrash, IconUser, IconX } from "~/components/icons";
import { BurndownChart } from "~/components/charts/burndown-chart";
import { useAction } from "~/hooks/use-action";
import { FieldError, Spinner, buttonClass, inputClass } from "~/components/ui";
import {
  MODULE_TEXT,
  type ModuleResponse,
  type ModuleSidebarData,
  type ModulesPageAnswer,
  type ModulesPageIntent,
} from "~/lib/modules-page-contract";
import { projectModulesPath } from "~/lib/paths";
import { NONE, Picker } from "../issue-detail/pickers";
import { Avatar, AvatarStack } from "../issue-views/parts";
import {
  DeleteModuleDialog,
  GroupBar,
  ISSUE_GROUPS,
  statusColor,
  MODULE_STATUS_LABELS,
  MODULE_STATUS_OPTIONS,
  ModuleMenu,
  type ModuleStatus,
  groupCountsText,
  moduleProgress,
  modulesActionPath,
  personOf,
  statusOf,
  useCopyModuleLink,
} from "./module-parts";

const LinkUrlSchema = LinkFormSchema.pick({ url: true });

/** The chart's width: the sidebar's 20rem less its 1rem padding on each side. */
const CHART_WIDTH = 288;

const rowLabel = "w-20 shrink-0 text-xs text-neutral-500";
const pickerTrigger =
  "flex min-h-8 min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1 text-left text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-default disabled:hover:bg-transparent";

const asideClass =
  "fixed top-14 right-0 bottom-0 z-40 flex w-80 max-w-full flex-col border-l border-neutral-200 bg-surface shadow-xl lg:sticky lg:top-0 lg:z-auto lg:h-[calc(100vh-3.5rem)] lg:shadow-none";

/** A date of the module as a sidebar row, "Not set" without one. */
function DateRow({ label, date }: { label: string; date: string | null }) {
  return (
    <div className="flex items-center gap-2">
      <dt className={rowLabel}>{label}</dt>
      <dd className="flex min-h-8 items-center gap-1.5 px-2 text-sm text-neutral-800">
        <IconCalendar size={14} className="text-neutral-400" />
        {date ? formatDate(date) : <span className="text-neutral-500">Not set</span>}
      </dd>
    </div>
  );
}

/** One patch of the module at a time, shown as chosen while it is on its way. */
function usePatch(workspaceSlug: string, projectId: string, moduleId: string, field: string) {
  const fetcher = useFetcher<ModulesPageAnswer>({ key: `module-patch-${moduleId}-${field}` });
  useAction(fetcher, { message: () => MODULE_TEXT.updateFailed });
  const sent = fetcher.state !== "idle" ? (fetcher.json as { patch?: Record<string, unknown> } | undefined)?.patch : undefined;
  return {
    pending: sent ? sent[field] : undefined,
    send(value: unknown) {
      const body: ModulesPageIntent = { intent: "patch-module", module_id: moduleId, patch: { [field]: value } };
      fetcher.submit(body as never, { method: "post", action: modulesActionPath(workspaceSlug, projectId), encType: "application/json" });
    },
  };
}

function Links({ module, canEdit, workspaceSlug, projectId }: { module: ModuleResponse; canEdit: boolean; workspaceSlug: string; projectId: string }) {
  const adder = useFetcher<ModulesPageAnswer>({ key: `module-link-add-${module.id}` });
  const remover = useFetcher<ModulesPageAnswer>({ key: `module-link-delete-${module.id}` });
  const [adding, setAdding] = useState(false);
  const urlInput = useRef<HTMLInputElement>(null);
  // The field takes the focus when the person asks for it with "Add link".
  useEffect(() => {
    if (adding) urlInput.current?.focus();
  }, [adding]);
  const action = modulesActionPath(workspaceSlug, projectId);
  const [form, fields] = useForm({
    id: `module-link-${module.id}`,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkUrlSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const body: ModulesPageIntent = { intent: "add-link", module_id: module.id, link: { url: submission.value.url, metadata: {} } };
      adder.submit(body as never, { method: "post", action, encType: "application/json" });
    },
  });
  useAction(adder, {
    onDone: () => {
      form.reset();
      setAdding(false);
    },
    // The only input the server refuses is a URL the module already has.
    message: (failure) => (failure.kind === "Invalid" ? MODULE_LINK_URL_TAKEN : MODULE_TEXT.linkFailed),
  });
  // A link that could not be deleted comes back in the list, and the refusal is told.
  useAction(remover, { message: MODULE_TEXT.linkFailed });
  const removing = remover.state !== "idle" ? (remover.json as { link_id?: string } | undefined)?.link_id : undefined;
  const links = module.link_module.filter((link) => link.id !== removing);

  return (
    <section aria-labelledby={`${module.id}-links`} className="border-t border-neutral-200 px-4 py-4">
      <div className="flex items-center justify-between">
        <h3 id={`${module.id}-links`} className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">
          Links
        </h3>
        {canEdit && !adding ? (
          <button type="button" onClick={() => setAdding(true)} className={buttonClass("ghost", "sm")}>
            Add link
          </button>
        ) : null}
      </div>
      {adding ? (
        <form {...getFormProps(form)} className="mt-2 space-y-2">
          <label htmlFor={fields.url.id} className="sr-only">
            URL
          </label>
          <input {...getInputProps(fields.url, { type: "text" })} className={inputClass} placeholder="https://example.com" autoComplete="off" ref={urlInput} />
          <FieldError id={fields.url.errorId} errors={fields.url.errors} />
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setAdding(false)}>
              Cancel
            </button>
            <button type="submit" className={buttonClass("primary", "sm")} disabled={adder.state !== "idle"}>
              {adder.state !== "idle" ? <Spinner className="size-3.5" /> : null}
              Add link
            </button>
          </div>
        </form>
      ) : null}
      {links.length === 0 && !adding ? <p className="mt-2 text-xs text-neutral-500">No links yet.</p> : null}
      <ul className="mt-2 space-y-1">
        {links.map((link) => (
          <li key={link.id} className="group flex items-center gap-2 rounded-md px-1 py-1 hover:bg-neutral-50">
            <IconLink size={14} className="shrink-0 text-neutral-400" />
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 flex-1 truncate text-sm text-neutral-800 hover:underline"
              title={link.url}
            >
              {link.title || link.url}
            </a>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open ${link.title || link.url}`}
              className="flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
            >
              <IconExternal size={14} />
            </a>
            {canEdit ? (
              <button
                type="button"
                aria-label={`Delete link ${link.title || link.url}`}
                onClick={() => {
                  const body: ModulesPageIntent = { intent: "delete-link", module_id: module.id, link_id: link.id };
                  remover.submit(body as never, { method: "post", action, encType: "application/json" });
                }}
                className="flex size-7 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-red-600"
              >
                <IconTrash size={14} />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SidebarContent({ data, workspaceSlug, projectId, onClose }: { data: ModuleSidebarData; workspaceSlug: string; projectId: string; onClose(): void }) {
  const { module, canEdit, members } = data;
  const navigate = useNavigate();
  const copy = useCopyModuleLink(workspaceSlug, projectId);
  const [deleting, setDeleting] = useState<ModuleResponse | null>(null);
  const status = usePatch(workspaceSlug, projectId, module.id, "status");
  const lead = usePatch(workspaceSlug, projectId, module.id, "lead");
  const team = usePatch(workspaceSlug, projectId, module.id, "members_list");
  const byId = useMemo(() => new Map(members.map((person) => [person.id, person])), [members]);
  const personOptions = members.map((person) => ({ value: person.id, label: person.name, icon: <Avatar member={person} size="xs" /> }));

  const shownStatus = (status.pending as ModuleStatus | undefined) ?? statusOf(module);
  const leadId = lead.pending !== undefined ? (lead.pending as string | null) : module.lead;
  const leadPerson = leadId ? (byId.get(leadId) ?? (module.lead_detail ? personOf(module.lead_detail) : undefined)) : undefined;
  const memberIds = (team.pending as string[] | undefined) ?? module.members;
  const chosen = memberIds.map((id) => byId.get(id)).filter((person) => person !== undefined);
  const progress = moduleProgress(module);

  return (
    <>
      <div className="flex items-start gap-2 border-b border-neutral-200 px-4 py-3">
        <h2 className="min-w-0 flex-1 text-sm font-semibold break-words text-neutral-900">{module.name}</h2>
        <ModuleMenu module={module} canEdit={canEdit} onDelete={() => setDeleting(module)} onCopy={() => void copy(module.id)} />
        <button
          type="button"
          onClick={onClose}
          aria-label="Close module details"
          className="flex size-8 items-center justify-center rounded-md text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
        >
          <IconX size={16} />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {module.description ? <p className="px-4 pt-3 text-sm whitespace-pre-wrap text-neutral-700">{module.description}</p> : null}
        <dl className="space-y-1 px-4 py-3">
          <div className="flex items-center gap-2">
            <dt className={rowLabel}>Status</dt>
            <dd className="flex min-w-0 flex-1">
              <Picker
                label="Status"
                options={MODULE_STATUS_OPTIONS.map((option) => ({
                  ...option,
                  icon: <span className="size-2 rounded-full" style={{ backgroundColor: statusColor(option.value) }} />,
                }))}
                value={[shownStatus]}
                disabled={!canEdit}
                onChange={(value) => value[0] && value[0] !== shownStatus && status.send(value[0])}
                triggerClassName={pickerTrigger}
                placement="bottom-end"
              >
                <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: statusColor(shownStatus) }} aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{MODULE_STATUS_LABELS[shownStatus]}</span>
                {canEdit ? <IconChevronDown size={14} className="shrink-0 text-neutral-400" /> : null}
              </Picker>
            </dd>
          </div>
          <DateRow label="Start date" date={module.start_date} />
          <DateRow label="Target date" date={module.target_date} />
          <div className="flex items-center gap-2">
            <dt className={rowLabel}>Lead</dt>
            <dd className="flex min-w-0 flex-1">
              <Picker
                label="Lead"
                options={[{ value: NONE, label: "No lead", icon: <IconUser size={14} className="text-neutral-400" /> }, ...personOptions]}
                value={[leadId ?? NONE]}
                disabled={!canEdit}
                onChange={(value) => {
                  const next = !value[0] || value[0] === NONE ? null : value[0];
                  if (next !== leadId) lead.send(next);
                }}
                triggerClassName={pickerTrigger}
                placement="bottom-end"
              >
                {leadPerson ? <Avatar member={leadPerson} size="xs" /> : <IconUser size={14} className="shrink-0 text-neutral-400" />}
                <span className={`min-w-0 flex-1 truncate ${leadPerson ? "" : "text-neutral-500"}`}>{leadPerson?.name ?? "No lead"}</span>
              </Picker>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className={rowLabel}>Members</dt>
            <dd className="flex min-w-0 flex-1">
              <Picker
                label="Members"
                multiple
                options={personOptions}
                value={memberIds}
                disabled={!canEdit}
                onChange={(value) => team.send(value)}
                triggerClassName={pickerTrigger}
                placement="bottom-end"
              >
                {chosen.length > 0 ? <AvatarStack members={chosen} max={4} /> : <IconUser size={14} className="shrink-0 text-neutral-400" />}
                <span className={`min-w-0 flex-1 truncate ${chosen.length ? "" : "text-neutral-500"}`}>
                  {chosen.length > 0 ? chosen.map((person) => person.name).join(", ") : "No members"}
                </span>
              </Picker>
            </dd>
          </div>
        </dl>
        <section aria-labelledby={`${module.id}-progress`} className="border-t border-neutral-200 px-4 py-4">
          <div className="flex items-center justify-between">
            <h3 id={`${module.id}-progress`} className="text-xs font-semibold tracking-wide text-neutral-500 uppercase">
              Progress
            </h3>
            <span className="text-sm font-medium text-neutral-900" data-testid="module-sidebar-progress">
              {progress}%
            </span>
          </div>
          <div className="mt-2">
            <GroupBar module={module} label={`Issues by state group: ${groupCountsText(module)}`} />
          </div>
          {/* The server answers a burndown only when the module has started and its target is not before its start. */}
          {data.burndown ? (
            <div className="mt-4">
              {/* The sidebar's width less its padding: a fixed size draws at once, with nothing to measure. */}
              <BurndownChart burndown={data.burndown} width={CHART_WIDTH} />
            </div>
          ) : null}
          <ul className="mt-3 space-y-1.5" aria-label="Issues by state group">
            {ISSUE_GROUPS.map((group) => (
              <li key={group.key} className="flex items-center gap-2 text-sm text-neutral-700">
                <span className="size-2.5 rounded-full" style={{ backgroundColor: group.color }} aria-hidden="true" />
                <span className="flex-1">{group.label}</span>
                <span className="font-medium text-neutral-900 tabular-nums">{module[group.key]}</span>
              </li>
            ))}
            <li className="flex items-center gap-2 border-t border-neutral-100 pt-1.5 text-sm text-neutral-700">
              <span className="flex-1">Total</span>
              <span className="font-medium text-neutral-900 tabular-nums">{module.total_issues}</span>
            </li>
          </ul>
        </section>
        <Links module={module} canEdit={canEdit} workspaceSlug={workspaceSlug} projectId={projectId} />
      </div>
      {canEdit ? (
        <DeleteModuleDialog
          module={deleting}
          workspaceSlug={workspaceSlug}
          projectId={projectId}
          onClose={() => setDeleting(null)}
          onDeleted={() => navigate(projectModulesPath(workspaceSlug, projectId))}
        />
      ) : null}
    </>
  );
}

function SidebarLoading() {
  return (
    <div className="space-y-3 p-4" role="status" aria-busy="true" aria-label="Loading module details">
      <div className="h-5 w-2/3 animate-pulse rounded bg-neutral-100" />
      {[0, 1, 2, 3, 4].map((key) => (
        <div key={key} className="h-7 animate-pulse rounded bg-neutral-100" />
      ))}
      <div className="h-24 animate-pulse rounded bg-neutral-100" />
    </div>
  );
}

/** The sidebar, filled once the module's read (started beside the issues') arrives. */
export default function ModuleSidebar({
  sidebar,
  workspaceSlug,
  projectId,
  onClose,
  wideOnly = false,
}: {
  sidebar: Promise<ModuleSidebarData | null>;
  workspaceSlug: string;
  projectId: string;
  onClose(): void;
  /** Shown only where it fits beside the issues (before the page knows the window's width). */
  wideOnly?: boolean;
}) {
  return (
    <aside className={wideOnly ? `${asideClass} max-lg:hidden` : asideClass} aria-label="Module details">
      <Suspense fallback={<SidebarLoading />}>
        <Await resolve={sidebar} errorElement={<p className="p-4 text-sm text-neutral-600">The module's details could not be loaded.</p>}>
          {(data) =>
            data ? (
              <SidebarContent data={data} workspaceSlug={workspaceSlug} projectId={projectId} onClose={onClose} />
            ) : (
              <p className="p-4 text-sm text-neutral-600">The module's details could not be loaded.</p>
            )
          }
        </Await>
      </Suspense>
    </aside>
  );
}

