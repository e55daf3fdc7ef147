// Project deletion confirmation: enabled only when the typed name equals the project's
// name and the phrase 'delete my project' has been typed.
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { DELETE_PROJECT_PHRASE } from "~/lib/project-constants";
import { DialogActions, DialogAlertHeading, DialogShell } from "./dialog";
import { useTypedDeleteConfirmation } from "./typed-delete-confirmation";

function DeleteProjectForm({
  slug,
  project,
  action,
  onClose,
}: {
  slug: string;
  project: { id: string; name: string };
  action?: string;
  onClose(): void;
}) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const confirmation = useTypedDeleteConfirmation({ noun: "project", name: project.name, phrase: DELETE_PROJECT_PHRASE });
  const deleting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // A failed delete only resets the loading state (no message); the success toast is
    // flashed by the server because this card unmounts with its project.
    if (fetcher.data.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);

  return (
    <fetcher.Form method="post" action={action ?? `/${slug}`} className="p-6">
      <input type="hidden" name="intent" value="delete-project" />
      <input type="hidden" name="project_id" value={project.id} />
      <DialogAlertHeading title="Delete Project">
        Are you sure you want to delete project <span className="font-medium text-neutral-800">{project.name}</span>? All
        of the data related to the project will be permanently removed. This action cannot be undone.
      </DialogAlertHeading>
      {confirmation.fields}
      <DialogActions
        label="Delete Project"
        busyLabel="Deleting..."
        busy={deleting}
        disabled={!confirmation.confirmed}
        variant="danger"
      />
    </fetcher.Form>
  );
}

/**
 * The dialog posts intent=delete-project to the workspace's action, or to `action` (the project
 * settings page, which then sends the user to the projects list).
 */
export function DeleteProjectDialog({
  slug,
  project,
  action,
  open,
  onOpenChange,
}: {
  slug: string;
  project: { id: string; name: string };
  action?: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} alert width="max-w-xl">
      <DeleteProjectForm slug={slug} project={project} action={action} onClose={() => onOpenChange(false)} />
    </DialogShell>
  );
}
