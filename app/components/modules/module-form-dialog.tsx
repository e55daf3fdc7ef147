// The module form: title, description, status (backlog unless chosen), lead, members and the start
// and target dates. A start after the target says so under the dates and keeps the form from being
// sent. It creates a module or edits one through the modules list's action. `CreateModuleDialog`
// opens it anywhere inside a project (M, the command palette), reading the project's members from
// the modules list's loader when it opens.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher, useNavigate } from "@remix-run/react";
import { useMemo, useState } from "react";
import { CreateModuleFields, ModuleDatesInput, moduleDateRules } from "../../../workers/domain/schemas/modules";
import { DialogShell, FormDialogActions } from "~/components/dialog";
import { IconChevronDown, IconUser } from "~/components/icons";
import { useToast } from "~/components/toast";
import { useAction } from "~/hooks/use-action";
import { useProjectListData } from "~/hooks/use-project-list-data";
import type { ProjectCreateDialogProps } from "~/components/project-create-dialogs";
import { ControlField, Field, FieldError, NameAndDescriptionFields } from "~/components/ui";
import {
  MODULE_TEXT,
  type ModulePerson,
  type ModuleResponse,
  type ModulesPageIntent,
  type ModulesPageLoaderData,
} from "~/lib/modules-page-contract";
import { moduleIssuesPath } from "~/lib/paths";
import { NONE, Picker } from "../issue-detail/pickers";
import { Avatar, AvatarStack } from "../issue-views/parts";
import { statusColor, MODULE_STATUS_OPTIONS, type ModuleStatus, modulesActionPath, statusOf } from "./module-parts";

/** The modules list's route, whose loader reads the project's members. */
const MODULES_LIST_ROUTE_ID = "routes/$workspaceSlug.projects.$projectId.modules._index";

const ModuleFormSchema = CreateModuleFields.pick({ name: true, description: true, status: true, start_date: true, target_date: true }).superRefine(
  moduleDateRules,
);

type ModuleAnswer = { ok: true; id?: string } | { ok: false; status: number; error: string; fields?: Record<string, string[]> };

const pickerTrigger =
  "flex h-9 w-full items-center gap-2 rounded-md border border-neutral-200 bg-surface px-2.5 text-left text-sm text-neutral-800 shadow-xs hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60";

interface ModuleFormProps {
  workspaceSlug: string;
  projectId: string;
  /** The module to edit; without one the form creates a module. */
  module?: ModuleResponse;
  /** The project's members; null while they load. */
  members: ModulePerson[] | null;
  onSaved(moduleId: string): void;
}

function ModuleForm({ workspaceSlug, projectId, module, members, onSaved }: ModuleFormProps) {
  const fetcher = useFetcher<ModuleAnswer>();
  const toast = useToast();
  const editing = Boolean(module);
  const [status, setStatus] = useState<ModuleStatus>(module ? statusOf(module) : "backlog");
  const [lead, setLead] = useState<string | null>(module?.lead ?? null);
  const [memberIds, setMemberIds] = useState<string[]>(module?.members ?? []);
  const [start, setStart] = useState(module?.start_date ?? "");
  const [target, setTarget] = useState(module?.target_date ?? "");
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  // The schema's date rule, told as the dates are picked (not only on submit).
  const dateProblems = ModuleDatesInput.safeParse({ start_date: start || null, target_date: target || null }).error?.issues.map(
    (issue) => issue.message,
  );
  const badDates = dateProblems !== undefined;
  const [form, fields] = useForm({
    id: `module-form-${module?.id ?? "new"}`,
    defaultValue: { name: module?.name ?? "", description: module?.description ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ModuleFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success" || badDates) return;
      setServerErrors({});
      const values = {
        name: submission.value.name,
        description: submission.value.description ?? "",
        status,
        lead,
        members_list: memberIds,
        start_date: start || null,
        target_date: target || null,
      };
      const body: ModulesPageIntent = module
        ? { intent: "update-module", module_id: module.id, module: values }
        : { intent: "create-module", module: values };
      fetcher.submit(body as never, { method: "post", action: modulesActionPath(workspaceSlug, projectId), encType: "application/json" });
    },
  });
  // A refused field is told under it; any other refusal is the form's generic failure.
  useAction(fetcher, {
    onDone: (answer) => {
      toast.show({ type: "success", title: "Success!", message: editing ? MODULE_TEXT.updated : MODULE_TEXT.created });
      onSaved((answer.ok && answer.id) || module?.id || "");
    },
    onFields: setServerErrors,
    message: () => (editing ? MODULE_TEXT.updateFailed : MODULE_TEXT.createFailed),
  });

  const people = members ?? [];
  const byId = useMemo(() => new Map(people.map((person) => [person.id, person])), [people]);
  const leadPerson = lead ? byId.get(lead) : undefined;
  const chosen = memberIds.map((id) => byId.get(id)).filter((person): person is ModulePerson => person !== undefined);
  const personOptions = people.map((person) => ({ value: person.id, label: person.name, icon: <Avatar member={person} size="xs" /> }));
  const submitting = fetcher.state !== "idle";
  const datesErrorId = `${form.id}-dates-error`;
  // Both dates point at the one message under them.
  const dateWiring = { type: "date", "aria-invalid": dateProblems ? true : undefined, "aria-describedby": dateProblems ? datesErrorId : undefined } as const;
  const dateErrors = dateProblems ?? serverErrors.target_date ?? serverErrors.start_date;

  return (
    <form {...getFormProps(form)}>
      <div className="space-y-4 px-5 pt-5 pb-5">
        <div>
          <Dialog.Title className="text-base font-semibold text-neutral-900">{editing ? "Update Module" : "Create Module"}</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm text-neutral-500">
            {editing ? "Change the module's details, people or dates." : "Group issues towards one goal, with a lead, members and dates."}
          </Dialog.Description>
        </div>
        <NameAndDescriptionFields name={fields.name} description={fields.description} errors={serverErrors} />
        <div className="grid gap-3 sm:grid-cols-3">
          <ControlField label="Status" errorId={`${form.id}-status-error`} errors={serverErrors.status}>
            <Picker
              label="Status"
              options={MODULE_STATUS_OPTIONS.map((option) => ({
                ...option,
                icon: <span className="size-2 rounded-full" style={{ backgroundColor: statusColor(option.value) }} />,
              }))}
              value={[status]}
              onChange={(value) => value[0] && setStatus(value[0] as ModuleStatus)}
              triggerClassName={pickerTrigger}
            >
              <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: statusColor(status) }} aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{MODULE_STATUS_OPTIONS.find((option) => option.value === status)?.label}</span>
              <IconChevronDown size={14} className="shrink-0 text-neutral-400" />
            </Picker>
          </ControlField>
          <ControlField label="Lead" errorId={`${form.id}-lead-error`} errors={serverErrors.lead}>
            <Picker
              label="Lead"
              options={[{ value: NONE, label: "No lead", icon: <IconUser size={14} className="text-neutral-400" /> }, ...personOptions]}
              value={[lead ?? NONE]}
              onChange={(value) => setLead(!value[0] || value[0] === NONE ? null : value[0])}
              loading={members === null}
              triggerClassName={pickerTrigger}
            >
              {leadPerson ? <Avatar member={leadPerson} size="xs" /> : <IconUser size={14} className="shrink-0 text-neutral-400" />}
              <span className="min-w-0 flex-1 truncate">{leadPerson?.name ?? "Lead"}</span>
              <IconChevronDown size={14} className="shrink-0 text-neutral-400" />
            </Picker>
          </ControlField>
          <ControlField label="Members" errorId={`${form.id}-members-error`} errors={serverErrors.members_list}>
            <Picker
              label="Members"
              multiple
              options={personOptions}
              value={memberIds}
              onChange={setMemberIds}
              loading={members === null}
              triggerClassName={pickerTrigger}
            >
              {chosen.length > 0 ? <AvatarStack members={chosen} max={4} /> : <IconUser size={14} className="shrink-0 text-neutral-400" />}
              <span className="min-w-0 flex-1 truncate">{chosen.length > 0 ? `${chosen.length} member${chosen.length === 1 ? "" : "s"}` : "Members"}</span>
              <IconChevronDown size={14} className="shrink-0 text-neutral-400" />
            </Picker>
          </ControlField>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Start date" name="start_date" value={start} max={target || undefined} onChange={(event) => setStart(event.target.value)} {...dateWiring} />
          <Field label="Target date" name="target_date" value={target} min={start || undefined} onChange={(event) => setTarget(event.target.value)} {...dateWiring} />
          <div className="sm:col-span-2">
            <FieldError id={datesErrorId} errors={dateErrors} />
          </div>
        </div>
      </div>
      <FormDialogActions
        label={editing ? "Update Module" : "Create Module"}
        busyLabel={editing ? "Updating Module..." : "Creating Module..."}
        busy={submitting}
        disabled={badDates}
      />
    </form>
  );
}

/** The module dialog with the project's members at hand (the modules list, the module sidebar). */
export function ModuleFormDialog({ open, onOpenChange, ...form }: ModuleFormProps & { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-2xl">
      <ModuleForm {...form} />
    </DialogShell>
  );
}

/**
 * "Create Module" anywhere inside a project (M, the command palette): reads the project's members
 * from the modules list's loader when it opens and afterwards opens the new module, unless
 * `onCreated` says otherwise (the list itself shows the new card).
 */
export function CreateModuleDialog({ workspaceSlug, projectId, open, onOpenChange, onCreated }: ProjectCreateDialogProps) {
  const { data, onList } = useProjectListData<ModulesPageLoaderData>({
    routeId: MODULES_LIST_ROUTE_ID,
    listPath: modulesActionPath(workspaceSlug, projectId),
    projectId,
    fetcherKey: `module-people:${projectId}`,
    open,
  });
  const navigate = useNavigate();
  return (
    <ModuleFormDialog
      open={open}
      onOpenChange={onOpenChange}
      workspaceSlug={workspaceSlug}
      projectId={projectId}
      members={data?.members ?? null}
      onSaved={(moduleId) => {
        onOpenChange(false);
        if (onCreated) onCreated(moduleId);
        else if (onList) return;
        else if (moduleId) navigate(moduleIssuesPath(workspaceSlug, projectId, moduleId));
      }}
    />
  );
}

