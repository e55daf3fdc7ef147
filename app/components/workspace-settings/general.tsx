// The workspace settings' general page: the logo (an image of at most 5 MB, uploaded as a
// workspace file asset; the old file is deleted), the name, and deleting the workspace, which is
// enabled only once the workspace's name and the phrase 'delete my workspace' are typed. Only
// owners may change anything; everyone else sees the values read-only.
import { useChosenImage } from "~/hooks/use-file-preview";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { SettingsAnswer } from "~/lib/settings-contract";
import type { WorkspaceGeneralIntent } from "~/lib/workspace-settings-contract";
import { ROLE } from "../../../workers/domain/schemas/constants";
import { assetFormData, imageFileProblem, uploadRefusalMessage } from "~/lib/uploads";
import { DELETE_WORKSPACE_PHRASE, WorkspaceNameFormSchema } from "../../../workers/domain/schemas/workspaces";
import { DialogActions, DialogAlertHeading, DialogShell } from "../dialog";
import { useTypedDeleteConfirmation } from "../typed-delete-confirmation";
import { useToast } from "../toast";
import { useAction } from "~/hooks/use-action";
import { FormError, Spinner, Field, buttonClass, inputClass, labelClass } from "../ui";
import { SettingsSection, SettingsTitle } from "~/components/settings/section";

export interface GeneralWorkspace {
  id: string;
  name: string;
  slug: string;
  logo: string;
}

export function WorkspaceLogo({ workspace, size = "lg" }: { workspace: Pick<GeneralWorkspace, "name" | "logo">; size?: "lg" | "sm" }) {
  const box = size === "lg" ? "size-16 rounded-xl text-2xl" : "size-7 rounded-md text-xs";
  if (workspace.logo) return <img src={workspace.logo} alt={`${workspace.name} logo`} className={`${box} shrink-0 object-cover`} />;
  return (
    <span className={`${box} flex shrink-0 items-center justify-center bg-brand-500 font-semibold text-white uppercase`} aria-hidden="true">
      {workspace.name.slice(0, 1)}
    </span>
  );
}

function LogoForm({ workspace, canEdit }: { workspace: GeneralWorkspace; canEdit: boolean }) {
  const toast = useToast();
  const upload = useFetcher<SettingsAnswer>();
  const remove = useFetcher<SettingsAnswer>();
  const { inputRef, file, preview, problem: error, setProblem: setError, reset, inputProps } = useChosenImage(imageFileProblem);

  useAction(upload, {
    onDone: () => {
      reset();
      toast.show({ type: "success", message: "Workspace logo updated successfully." });
    },
    message: uploadRefusalMessage,
    onMessage: setError,
  });
  useAction(remove, { message: "Logo could not be removed. Please try again." });

  const save = () => {
    if (!file) return;
    upload.submit(assetFormData(file), { method: "post", encType: "multipart/form-data" });
  };

  const uploading = upload.state !== "idle";
  const shown = preview ? { name: workspace.name, logo: preview } : workspace;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <WorkspaceLogo workspace={shown} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-neutral-800">Workspace logo</p>
        <p className="text-xs text-neutral-500">PNG, JPEG, GIF or WebP, at most 5 MB.</p>
        {error ? (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <input {...inputProps} aria-label="Choose a logo image" />
          {file ? (
            <>
              <button type="button" className={buttonClass("secondary", "sm")} onClick={reset} disabled={uploading}>
                Cancel
              </button>
              <button type="button" className={buttonClass("primary", "sm")} onClick={save} disabled={!file || uploading}>
                {uploading ? <Spinner className="size-3.5" /> : null}
                {uploading ? "Uploading..." : "Upload & Save"}
              </button>
            </>
          ) : (
            <>
              {workspace.logo ? (
                <button
                  type="button"
                  className={buttonClass("ghost", "sm")}
                  disabled={remove.state !== "idle"}
                  onClick={() =>
                    remove.submit({ intent: "remove-logo" } satisfies WorkspaceGeneralIntent, { method: "post", encType: "application/json" })
                  }
                >
                  {remove.state !== "idle" ? "Removing..." : "Remove logo"}
                </button>
              ) : null}
              <button type="button" className={buttonClass("secondary", "sm")} onClick={() => inputRef.current?.click()}>
                {workspace.logo ? "Change logo" : "Upload logo"}
              </button>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

function NameForm({ workspace, canEdit }: { workspace: GeneralWorkspace; canEdit: boolean }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const [form, fields] = useForm({
    id: `workspace-name-${workspace.id}`,
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: WorkspaceNameFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: workspace.name },
  });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormError errors={form.errors} />
      <Field label="Workspace name" field={fields.name} autoComplete="organization" readOnly={!canEdit} />
      <div>
        <span className={labelClass}>Workspace URL</span>
        <p className={`${inputClass} bg-neutral-50 text-neutral-600`}>/{workspace.slug}</p>
      </div>
      {canEdit ? (
        <button type="submit" className={buttonClass("primary")} disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? "Updating..." : "Update workspace"}
        </button>
      ) : null}
    </fetcher.Form>
  );
}

function DeleteWorkspaceDialog({ workspace, open, onOpenChange }: { workspace: GeneralWorkspace; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} alert width="max-w-xl">
      <DeleteWorkspaceForm workspace={workspace} />
    </DialogShell>
  );
}

function DeleteWorkspaceForm({ workspace }: { workspace: GeneralWorkspace }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const confirmation = useTypedDeleteConfirmation({ noun: "workspace", name: workspace.name, phrase: DELETE_WORKSPACE_PHRASE });
  useAction(fetcher, { message: "Workspace could not be deleted. Please try again." });
  return (
    <div className="p-6">
      <DialogAlertHeading title="Delete Workspace">
        Are you sure you want to delete workspace <span className="font-medium text-neutral-900">{workspace.name}</span>? All of the data
        related to the workspace will be permanently removed. This action cannot be undone.
      </DialogAlertHeading>
      {confirmation.fields}
      <DialogActions
        label="Delete Workspace"
        busyLabel="Deleting..."
        busy={fetcher.state !== "idle"}
        disabled={!confirmation.confirmed}
        variant="danger"
        onConfirm={() => fetcher.submit({ intent: "delete-workspace" } satisfies WorkspaceGeneralIntent, { method: "post", encType: "application/json" })}
      />
    </div>
  );
}

export function WorkspaceGeneral({ workspace, role }: { workspace: GeneralWorkspace; role: number }) {
  const canEdit = role >= ROLE.owner;
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-8">
      <SettingsTitle title="General" description="This information will be displayed to every member of the workspace." />
      {canEdit ? null : <p className="rounded-md bg-neutral-50 px-3 py-2 text-sm text-neutral-600">Only workspace owners can change these settings.</p>}
      <SettingsSection>
        <LogoForm workspace={workspace} canEdit={canEdit} />
      </SettingsSection>
      <SettingsSection>
        <NameForm workspace={workspace} canEdit={canEdit} />
      </SettingsSection>
      {canEdit ? (
        <SettingsSection tone="danger">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h2 className="text-sm font-semibold text-neutral-900">Delete workspace</h2>
              <p className="mt-0.5 text-sm text-neutral-600">Deleting a workspace removes its projects, issues and members for good.</p>
            </div>
            <button type="button" className={buttonClass("danger", "sm")} onClick={() => setDeleting(true)}>
              Delete workspace
            </button>
          </div>
          <DeleteWorkspaceDialog workspace={workspace} open={deleting} onOpenChange={setDeleting} />
        </SettingsSection>
      ) : null}
    </div>
  );
}
