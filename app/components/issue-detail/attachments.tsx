// Attachments of the issue: an upload area taking one file at a time up to 5 MB
// (bigger files are refused before uploading), sent as multipart (asset + attributes) to the
// issue's attachments endpoint; the list shows names cut at 10 characters and sizes in KB under
// 1 MB, else MB; deleting asks first.
import { useRevalidator } from "@remix-run/react";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { assetFormData, fileProblem } from "~/lib/uploads";
import { UPLOAD_DELETE_FAILED, UPLOAD_FAILED } from "../../../workers/domain/schemas/uploads";
import { useEffect, useRef, useState } from "react";
import { IconTrash } from "../icons";
import { useToast } from "../toast";
import { Spinner, truncate } from "../ui";
import { TimeAgo, formatFileSize } from "./format";
import { IconFile, IconPaperclip, IconUpload } from "./icons";
import { useIssueAction, useIssuePage } from "./page-context";
import { ConfirmDialog } from "../dialog";

/** Attachment names are cut at 10 characters. */
export const ATTACHMENT_NAME_MAX = 10;

function UploadArea() {
  const { slug, projectId, data } = useIssuePage();
  const toast = useToast();
  const run = useApiCall();
  const revalidator = useRevalidator();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);

  async function upload(file: File) {
    setError(null);
    const problem = fileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    const body = assetFormData(file);
    setUploading(true);
    // Whatever went wrong, the toast says the upload failed.
    const added = await run(() => callApi(api.issueAttachments(slug, projectId, data.issue.id), { method: "POST", body }), { message: () => UPLOAD_FAILED });
    setUploading(false);
    if (!added) return;
    toast.show({ type: "success", title: "Success!", message: "File added successfully." });
    revalidator.revalidate();
  }

  return (
    <div>
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          // One file at a time.
          const file = event.dataTransfer.files[0];
          if (file) void upload(file);
        }}
        className={`flex h-full min-h-16 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed px-4 py-3 text-sm transition-colors ${
          dragging ? "border-brand-400 bg-brand-50 dark:bg-brand-500/15 text-brand-700 dark:text-brand-300" : "border-neutral-300 text-neutral-500 hover:bg-neutral-50"
        } ${uploading ? "pointer-events-none opacity-70" : ""}`}
      >
        {uploading ? <Spinner /> : <IconUpload size={16} />}
        <span>{uploading ? "Uploading..." : dragging ? "Drop file here to upload" : "Click or drag a file here to upload"}</span>
        <input
          ref={inputRef}
          type="file"
          aria-label="Upload attachment"
          className="sr-only"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="mt-1.5 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Attachments() {
  const { data, canEdit } = useIssuePage();
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const remove = useIssueAction(undefined, { message: UPLOAD_DELETE_FAILED });
  const removing = remove.pendingBody?.intent === "delete-attachment" ? remove.pendingBody.attachment_id : null;
  useEffect(() => {
    if (!remove.pending) setConfirming(null);
  }, [remove.pending]);
  const attachments = data.attachments.filter((attachment) => attachment.id !== removing);
  const membersById = new Map(data.members.map((member) => [member.id, member.name]));

  return (
    <section aria-labelledby="attachments-heading" className="mt-8">
      <h2 id="attachments-heading" className="flex items-center gap-2 text-sm font-semibold text-neutral-800">
        <IconPaperclip size={15} className="text-neutral-400" />
        Attachments
        <span className="rounded-full bg-neutral-100 px-1.5 text-xs font-medium text-neutral-500">{attachments.length}</span>
      </h2>
      <div className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {canEdit ? <UploadArea /> : null}
        {attachments.map((attachment) => {
          const name = attachment.attributes.name ?? "file";
          const by = attachment.updated_by ? membersById.get(attachment.updated_by) : undefined;
          return (
            <div key={attachment.id} className="flex items-center gap-3 rounded-lg border border-neutral-200 px-3 py-2.5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-500">
                <IconFile size={16} />
              </span>
              <a href={attachment.asset} download={name} className="min-w-0 flex-1" title={name}>
                <span className="block truncate text-sm font-medium text-neutral-800 hover:underline">{truncate(name, ATTACHMENT_NAME_MAX)}</span>
                <span className="block truncate text-xs text-neutral-400">
                  {formatFileSize(attachment.attributes.size ?? 0)} · <TimeAgo iso={attachment.updated_at} />
                  {by ? ` · ${by}` : ""}
                </span>
              </a>
              {canEdit ? (
                <button
                  type="button"
                  aria-label={`Delete attachment ${name}`}
                  onClick={() => setConfirming({ id: attachment.id, name })}
                  className="rounded p-1 text-neutral-400 hover:bg-red-50 dark:hover:bg-red-950/40 hover:text-red-600 dark:hover:text-red-400"
                >
                  <IconTrash size={14} />
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Delete Attachment"
        description={
          <>
            Are you sure you want to delete attachment <span className="font-medium text-neutral-900">{confirming?.name}</span>? This
            attachment will be permanently removed. This action cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.pending}
        onConfirm={() => {
          if (confirming) remove.submit({ intent: "delete-attachment", attachment_id: confirming.id });
        }}
      />
    </section>
  );
}
