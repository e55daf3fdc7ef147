// Project deletion confirmation: enabled only when the typed name equals the project's
// name and the phrase 'delete my project' has been typed.
import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { DELETE_PROJECT_PHRASE } from "~/lib/project-constants";
import { IconAlert } from "./icons";
import { Spinner, buttonClass, inputClass } from "./ui";

function DeleteProjectForm({
  slug,
  project,
  onClose,
}: {
  slug: string;
  project: { id: string; name: string };
  onClose(): void;
}) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const [typedName, setTypedName] = useState("");
  const [typedPhrase, setTypedPhrase] = useState("");
  const nameId = useId();
  const phraseId = useId();
  const canDelete = typedName === project.name && typedPhrase === DELETE_PROJECT_PHRASE;
  const deleting = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    // A failed delete only resets the loading state (no message); the success toast is
    // flashed by the server because this card unmounts with its project.
    if (fetcher.data.ok) onClose();
  }, [fetcher.state, fetcher.data, onClose]);

  return (
    <fetcher.Form method="post" action={`/${slug}`} className="p-6">
      <input type="hidden" name="intent" value="delete-project" />
      <input type="hidden" name="project_id" value={project.id} />
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 dark:bg-red-950/40 text-red-600 dark:text-red-400">
          <IconAlert size={20} />
        </span>
        <div className="min-w-0 flex-1">
          <Dialog.Title className="text-lg font-semibold text-neutral-900">Delete Project</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-neutral-500">
            Are you sure you want to delete project <span className="font-medium text-neutral-800">{project.name}</span>?
            All of the data related to the project will be permanently removed. This action cannot be undone.
          </Dialog.Description>
        </div>
      </div>
      <div className="mt-6 space-y-4">
        <div>
          <label htmlFor={nameId} className="mb-1.5 block text-sm text-neutral-600">
            Enter the project name <span className="font-medium text-neutral-900">{project.name}</span> to continue:
          </label>
          <input
            id={nameId}
            value={typedName}
            onChange={(event) => setTypedName(event.target.value)}
            className={inputClass}
            autoComplete="off"
          />
        </div>
        <div>
          <label htmlFor={phraseId} className="mb-1.5 block text-sm text-neutral-600">
            To confirm, type <span className="font-medium text-neutral-900">{DELETE_PROJECT_PHRASE}</span> below:
          </label>
          <input
            id={phraseId}
            value={typedPhrase}
            onChange={(event) => setTypedPhrase(event.target.value)}
            className={inputClass}
            autoComplete="off"
          />
        </div>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.CloseTrigger type="button" className={buttonClass("secondary")}>
          Cancel
        </Dialog.CloseTrigger>
        <button type="submit" className={buttonClass("danger")} disabled={!canDelete || deleting}>
          {deleting ? <Spinner /> : null}
          {deleting ? "Deleting..." : "Delete Project"}
        </button>
      </div>
    </fetcher.Form>
  );
}

export function DeleteProjectDialog({
  slug,
  project,
  open,
  onOpenChange,
}: {
  slug: string;
  project: { id: string; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit role="alertdialog">
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:pt-[12vh]">
          <Dialog.Content className="w-full max-w-xl rounded-xl bg-surface shadow-2xl ring-1 ring-black/5 outline-none">
            <DeleteProjectForm slug={slug} project={project} onClose={() => onOpenChange(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
