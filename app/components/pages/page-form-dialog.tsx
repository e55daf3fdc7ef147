// The page form (only its title) in a dialog, to create a page or rename one. It posts to the
// pages list's action by URL, so it works from any screen of the project (the list, a keyboard
// shortcut, the command palette); a new page is opened right away, ready to type.
import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher, useNavigate } from "@remix-run/react";
import {
  PAGE_CREATED,
  PAGE_CREATE_FAILED,
  PAGE_UPDATED,
  PAGE_UPDATE_FAILED,
  PageFormSchema,
} from "../../../workers/domain/schemas/pages";
import { NEW_PAGE_STATE, pagePath, projectPagesPath } from "~/lib/paths";
import type { PagesAnswer } from "~/lib/pages-contract";
import { DialogShell, FormDialogActions } from "../dialog";
import { useAction } from "~/hooks/use-action";
import { useToast } from "../toast";
import { Field, FormError } from "../ui";

export interface PageFormDialogProps {
  workspaceSlug: string;
  projectId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The page to rename; without it the dialog creates one. */
  page?: { id: string; name: string };
}

/** The action every page form posts to: the pages list's (an index route). */
export const pagesActionPath = (slug: string, projectId: string) => `${projectPagesPath(slug, projectId)}?index`;

export function PageFormDialog({ workspaceSlug, projectId, open, onOpenChange, page }: PageFormDialogProps) {
  const fetcher = useFetcher<PagesAnswer>();
  const toast = useToast();
  const navigate = useNavigate();
  const [form, fields] = useForm({
    id: page ? `page-form-${page.id}` : "create-page",
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? (fetcher.data?.result as SubmissionResult<string[]>) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PageFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: page?.name ?? "" },
  });
  useAction(fetcher, {
    onDone: (answer) => {
      toast.show({ type: "success", title: "Success!", message: page ? PAGE_UPDATED : PAGE_CREATED });
      onOpenChange(false);
      const created = (answer as PagesAnswer).page;
      if (!page && created) navigate(pagePath(workspaceSlug, projectId, created.id), { state: NEW_PAGE_STATE });
    },
    // A refused title is told on the field; anything else is the generic failure.
    message: () => (page ? PAGE_UPDATE_FAILED : PAGE_CREATE_FAILED),
  });
  const pending = fetcher.state !== "idle";
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-lg" offset="sm:pt-[14vh]" layer="top">
      <fetcher.Form method="post" action={pagesActionPath(workspaceSlug, projectId)} {...getFormProps(form)}>
        <input type="hidden" name="intent" value={page ? "update-page" : "create-page"} />
        {page ? <input type="hidden" name="page_id" value={page.id} /> : null}
        <div className="space-y-4 px-5 pt-5 pb-4">
          <Dialog.Title className="text-base font-semibold text-neutral-900">{page ? "Update page" : "Create page"}</Dialog.Title>
          <Field
            label="Title"
            field={fields.name}
            placeholder="Title"
            autoComplete="off"
            // The dialog opens to type a title.
            autoFocus
          />
          <FormError errors={form.errors} />
        </div>
        <FormDialogActions
          label={page ? "Update page" : "Create page"}
          busyLabel={page ? "Updating page..." : "Creating page..."}
          busy={pending}
        />
      </fetcher.Form>
    </DialogShell>
  );
}

/** The create-page dialog, for anywhere inside a project (list, shortcut D, command palette). */
export function CreatePageDialog(props: Omit<PageFormDialogProps, "page">) {
  return <PageFormDialog {...props} />;
}
