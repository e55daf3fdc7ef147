// The one saved-view form: title, description and the filters (issue type, priority, state,
// assignees, labels, created by), edited with the issue views' own filter menu. It creates a view
// or edits one, posting a JSON intent to an action by URL: the views list's, or the issue views'
// ("Save view" from the filters). `CreateViewDialog` opens it anywhere inside a project and reads
// the project's states, labels and members itself from the views list's loader.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher, useNavigate } from "@remix-run/react";
import { useId, useMemo, useState } from "react";
import { CreateViewInput } from "../../../workers/domain/schemas/views";
import { DialogShell, FormDialogActions } from "~/components/dialog";
import { useToast } from "~/components/toast";
import { useAction } from "~/hooks/use-action";
import { useProjectListData } from "~/hooks/use-project-list-data";
import type { ProjectCreateDialogProps } from "~/components/project-create-dialogs";
import { FormError, NameAndDescriptionFields, Spinner, labelClass } from "~/components/ui";
import {
  type FilterKey,
  ISSUE_TYPE_OPTIONS,
  type IssueFilterValues,
  type IssueType,
  hasActiveFilters,
  normaliseFilters,
} from "~/lib/issue-display";
import { projectViewsPath, viewIssuesPath } from "~/lib/paths";
import type { FilterLookups, ViewsPageIntent, ViewsPageLoaderData } from "~/lib/views-page-contract";
import { VIEW_TEXT } from "~/lib/views-text";
import { AppliedFilters } from "../issue-views/applied-filters";
import { lookupsOf } from "../issue-views/model";
import { FiltersMenu } from "../issue-views/view-options";

/** The views list's route, whose loader reads what the filter menu offers. */
const VIEWS_LIST_ROUTE_ID = "routes/$workspaceSlug.projects.$projectId.views._index";

const ViewFormSchema = CreateViewInput.pick({ name: true, description: true });

/** A view being edited: what the form starts from. */
export interface EditedView {
  id: string;
  name: string;
  description: string;
  query_data: IssueFilterValues;
}

/** What an action answers a view intent (the views list's and the issue views' share the shape). */
type ViewAnswer = { ok: true; id?: string } | { ok: false; status: number; error: string; fields?: Record<string, string[]> };

interface ViewFormProps {
  /** The action the intent is posted to (a route path; an index route ends in `?index`). */
  actionPath: string;
  /** The view to edit; without one the form creates a view. */
  view?: EditedView;
  /** The filters a new view starts with (the issue views' current ones). */
  initialFilters?: IssueFilterValues;
  /** What the filter menu offers; null while it loads. */
  choices: FilterLookups | null;
  onSaved(viewId: string): void;
}

function ViewForm({ actionPath, view, initialFilters, choices, onSaved }: ViewFormProps) {
  const fetcher = useFetcher<ViewAnswer>();
  const toast = useToast();
  const typeId = useId();
  const [filters, setFilters] = useState<IssueFilterValues>(() => view?.query_data ?? initialFilters ?? {});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const editing = Boolean(view);
  const [form, fields] = useForm({
    id: `view-form-${view?.id ?? "new"}`,
    defaultValue: { name: view?.name ?? "", description: view?.description ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ViewFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setServerErrors({});
      const fields = {
        name: submission.value.name,
        description: submission.value.description ?? "",
        // An empty list is no filter, stored as null.
        query_data: normaliseFilters(filters),
      };
      const body: ViewsPageIntent = view
        ? { intent: "update-view", view_id: view.id, view: fields }
        : { intent: "create-view", view: fields };
      fetcher.submit(body as never, { method: "post", action: actionPath, encType: "application/json" });
    },
  });
  // A refused field is told under it; any other refusal is the form's generic failure.
  useAction(fetcher, {
    onDone: (answer) => {
      toast.show({ type: "success", title: "Success!", message: editing ? VIEW_TEXT.updated : VIEW_TEXT.created });
      onSaved((answer.ok && answer.id) || view?.id || "");
    },
    onFields: setServerErrors,
    message: () => (editing ? VIEW_TEXT.updateFailed : VIEW_TEXT.createFailed),
  });

  const lookups = useMemo(() => lookupsOf(choices ?? { states: [], labels: [], members: [] }), [choices]);
  const toggle = (key: FilterKey, value: string) => {
    const current = filters[key] ?? [];
    const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
    setFilters({ ...filters, [key]: next.length ? next : null });
  };
  const filterErrors = Object.entries(serverErrors)
    .filter(([key]) => key === "query_data" || key.startsWith("query_data.") || key === "body" || key === "")
    .flatMap(([, messages]) => messages);
  const submitting = fetcher.state !== "idle";

  return (
    <form {...getFormProps(form)}>
      <div className="space-y-4 px-5 pt-5 pb-5">
        <div>
          <Dialog.Title className="text-base font-semibold text-neutral-900">{editing ? "Update View" : "Create View"}</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm text-neutral-500">
            {editing ? "Change the view's title, description or filters." : "Name a set of filters to open the project's issues through it."}
          </Dialog.Description>
        </div>
        <FormError errors={filterErrors} />
        <NameAndDescriptionFields name={fields.name} description={fields.description} errors={serverErrors} />
        <fieldset>
          <legend className={labelClass}>Filters</legend>
          {choices ? (
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={typeId} className="sr-only">
                Issue type
              </label>
              <select
                id={typeId}
                value={filters.type ?? "all"}
                onChange={(event) => {
                  const type = event.target.value as IssueType;
                  setFilters({ ...filters, type: type === "all" ? null : type });
                }}
                className="h-8 rounded-md border border-neutral-200 bg-surface px-2 text-xs font-medium text-neutral-700 shadow-xs focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
              >
                {ISSUE_TYPE_OPTIONS.map((option) => (
                  <option key={option.key} value={option.key}>
                    {option.label}
                  </option>
                ))}
              </select>
              <FiltersMenu filters={filters} choices={choices} onToggle={toggle} />
              {hasActiveFilters(filters) ? null : <span className="text-xs text-neutral-500">No filters: every issue of the project.</span>}
            </div>
          ) : (
            <p className="flex items-center gap-2 text-xs text-neutral-500" role="status">
              <Spinner className="size-3.5" /> Loading filters...
            </p>
          )}
          {choices && hasActiveFilters(filters) ? (
            <AppliedFilters
              filters={filters}
              lookups={lookups}
              onRemove={toggle}
              onClearType={() => setFilters({ ...filters, type: null })}
              onClearAll={() => setFilters({})}
              className="mt-3 flex flex-wrap items-center gap-2"
              label="Filters of the view"
            />
          ) : null}
        </fieldset>
      </div>
      <FormDialogActions
        label={editing ? "Update View" : "Create View"}
        busyLabel={editing ? "Updating View..." : "Creating View..."}
        busy={submitting}
      />
    </form>
  );
}

/** The view dialog with the filter choices at hand (the views list, the issue views). */
export function ViewFormDialog({
  open,
  onOpenChange,
  ...form
}: ViewFormProps & { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-xl">
      <ViewForm {...form} />
    </DialogShell>
  );
}

/**
 * "Create View" anywhere inside a project (a shortcut, the command palette): reads the project's
 * states, labels and members from the views list's loader when it opens, posts to that list's
 * action, and afterwards opens the new view (unless `onCreated` says otherwise).
 */
export function CreateViewDialog({ workspaceSlug, projectId, open, onOpenChange, onCreated }: ProjectCreateDialogProps) {
  const listPath = `${projectViewsPath(workspaceSlug, projectId)}?index`;
  const { data } = useProjectListData<ViewsPageLoaderData>({
    routeId: VIEWS_LIST_ROUTE_ID,
    listPath,
    projectId,
    fetcherKey: `view-lookups:${projectId}`,
    open,
  });
  const navigate = useNavigate();
  return (
    <ViewFormDialog
      open={open}
      onOpenChange={onOpenChange}
      actionPath={listPath}
      choices={data}
      onSaved={(viewId) => {
        onOpenChange(false);
        if (onCreated) onCreated(viewId);
        else if (viewId) navigate(viewIssuesPath(workspaceSlug, projectId, viewId));
      }}
    />
  );
}
