// Links of the issue: the list in the sidebar and the add-link dialog. URL and title
// are required; the form resets 500 ms after the dialog closes; a URL the issue already links also
// shows 'This URL already exists for this issue.' as a toast, other refusals the failure toast.
import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useAction, useFailurePolicy } from "~/hooks/use-action";
import { DialogShell, FormDialogActions } from "../dialog";
import { IconPlus, IconTrash } from "../icons";
import { Field } from "../ui";
import { TimeAgo } from "./format";
import { IconExternal, IconLink } from "./icons";
import { useIssueAction, useIssuePage } from "./page-context";
import { LINK_URL_TAKEN, LinkFormSchema } from "../../../workers/domain/schemas/links";
import { memberName } from "./project-data";

type LinkActionData = { result?: SubmissionResult<string[]>; ok?: boolean };

/** How long after closing the dialog its form is cleared. */
export const LINK_FORM_RESET_MS = 500;

function AddLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { actionPath } = useIssuePage();
  const fetcher = useFetcher<LinkActionData>();
  const fail = useFailurePolicy();
  const [formKey, setFormKey] = useState(0);
  const serverResult = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined;
  const [form, fields] = useForm({
    id: `add-link-${formKey}`,
    lastResult: serverResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LinkFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  useAction(fetcher, {
    onDone: () => onOpenChange(false),
    // The form shows its field messages itself; a URL already linked is told as a toast as well.
    onError: (failure) => {
      if (failure.kind === "Invalid" && failure.onForm && failure.fields?.url?.includes(LINK_URL_TAKEN)) fail(failure, { message: () => LINK_URL_TAKEN });
    },
  });

  // The dialog stays mounted so its form can be cleared 500 ms after it closes.
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setFormKey((key) => key + 1), LINK_FORM_RESET_MS);
    return () => clearTimeout(timer);
  }, [open]);

  const pending = fetcher.state !== "idle";
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} offset="sm:pt-[14vh]" layer="top" keepMounted>
      <fetcher.Form key={formKey} method="post" action={actionPath} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="add-link" />
        <div className="space-y-4 px-5 pt-5 pb-4">
          <Dialog.Title className="text-base font-semibold text-neutral-900">Add Link</Dialog.Title>
          <Field label="URL" field={fields.url} placeholder="https://example.com" autoComplete="off" />
          <Field label="Title" field={fields.title} placeholder="Enter title" autoComplete="off" />
        </div>
        <FormDialogActions
          label="Add Link"
          busyLabel="Adding Link..."
          busy={pending}
        />
      </fetcher.Form>
    </DialogShell>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function LinksSection() {
  const { data, canEdit } = useIssuePage();
  const [open, setOpen] = useState(false);
  // The dialog (its form and Ark's machine) joins the page when first opened, then stays so its
  // form can be cleared a moment after it closes.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (open && !dialogUsed) setDialogUsed(true);
  const remove = useIssueAction();
  const removing = remove.pendingBody?.intent === "delete-link" ? remove.pendingBody.link_id : null;
  const links = data.issue.issue_link.filter((link) => link.id !== removing);
  return (
    <section aria-labelledby="issue-links-heading" className="border-t border-neutral-100 px-5 py-4">
      <div className="flex items-center justify-between">
        <h2 id="issue-links-heading" className="flex items-center gap-2 text-sm font-medium text-neutral-700">
          <IconLink size={14} /> Links
        </h2>
        {canEdit ? (
          <button type="button" onClick={() => setOpen(true)} className="rounded p-1 text-neutral-500 hover:bg-neutral-100" aria-label="Add link">
            <IconPlus size={14} />
          </button>
        ) : null}
      </div>
      {links.length === 0 ? <p className="mt-2 text-xs text-neutral-400">No links yet.</p> : null}
      <ul className="mt-2 space-y-1.5">
        {links.map((link) => {
          const title = link.title || link.url;
          const by = link.created_by_detail ? memberName(link.created_by_detail) : null;
          return (
            <li key={link.id} className="group flex items-start gap-2 rounded-md border border-neutral-200 px-2.5 py-2">
              <IconLink size={14} className="mt-0.5 shrink-0 text-neutral-400" />
              <div className="min-w-0 flex-1">
                {canEdit ? (
                  <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" className="block truncate text-sm font-medium text-neutral-800 hover:underline" title={link.url}>
                    {title}
                  </a>
                ) : (
                  <span className="block truncate text-sm font-medium text-neutral-800" title={link.url}>
                    {title}
                  </span>
                )}
                <p className="truncate text-xs text-neutral-400">
                  {hostOf(link.url)} · added <TimeAgo iso={link.created_at} />
                  {by ? ` by ${by}` : ""}
                </p>
              </div>
              {canEdit ? (
                <span className="flex shrink-0 gap-0.5 opacity-70 group-hover:opacity-100">
                  <a href={link.url} target="_blank" rel="noopener noreferrer nofollow" className="rounded p-1 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700" aria-label={`Open link ${title}`}>
                    <IconExternal size={13} />
                  </a>
                  <button
                    type="button"
                    className="rounded p-1 text-neutral-400 hover:bg-red-50 dark:hover:bg-red-950/40 hover:text-red-600 dark:hover:text-red-400"
                    aria-label={`Delete link ${title}`}
                    onClick={() => remove.submit({ intent: "delete-link", link_id: link.id })}
                  >
                    <IconTrash size={13} />
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canEdit && (open || dialogUsed) ? <AddLinkDialog open={open} onOpenChange={setOpen} /> : null}
    </section>
  );
}
