// The create-project modal: cover banner (with the cover picker), emoji, name, identifier auto-filled from the
// name until edited by hand, description and network. Validated in the browser with the same zod
// schema the action and the domain use; a refusal for lack of permission shows a toast and closes.
import { useAction } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { assetFormData } from "~/lib/uploads";
import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { type CoverImageCredit, CreateProjectInput } from "../../workers/domain/schemas/projects";
import { DEFAULT_COVER_IMAGE, randomProjectEmoji } from "~/lib/project-constants";
import { UPLOAD_FAILED } from "../../workers/domain/schemas/uploads";
import { identifierFromName } from "~/lib/slug";
import { DialogActions, DialogShell, dialogFooterBarClass } from "./dialog";
import { CoverCredit } from "./cover-credit";
import { CoverPicker } from "./cover-picker";
import { IconX } from "./icons";
import { EmojiIconInputs, EmojiIconPicker, type EmojiIconValue } from "./emoji-icon-picker";
import { ProjectNetworkField } from "./project-network-field";
import { Field, FormError } from "./ui";

export type CreateProjectActionData = { result?: SubmissionResult<string[]>; status?: number };

/**
 * The new project's cover. There is no project yet, so an upload goes straight to the workspace's
 * file assets over REST; an upload the dialog no longer uses (another cover was picked, or the
 * dialog closed without creating) has its file deleted.
 */
function useNewProjectCover(slug: string) {
  const [url, setUrl] = useState<string | null>(null);
  const [credit, setCredit] = useState<CoverImageCredit | null>(null);
  const [uploadedId, setUploadedId] = useState<string | null>(null);
  const submitted = useRef(false);
  const unused = useRef<string | null>(null);
  unused.current = uploadedId;
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const forget = (id: string | null) => {
    if (id) void callApi(api.workspaceFile(slug, id), { method: "DELETE" }).catch(() => undefined);
  };
  const pick = (next: string | null, nextCredit: CoverImageCredit | null) => {
    forget(uploadedId);
    setUploadedId(null);
    setUrl(next);
    setCredit(nextCredit);
    setOpen(false);
  };
  const upload = async (file: File) => {
    setUploading(true);
    setError(null);
    const body = assetFormData(file);
    try {
      const asset = await callApi<{ id: string; asset: string }>(api.workspaceFiles(slug), { method: "POST", body });
      forget(uploadedId);
      setUploadedId(asset.id);
      setUrl(asset.asset);
      setCredit(null);
      setOpen(false);
    } catch {
      setError(UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  };
  // Closing the dialog unmounts the form: keep the upload only if the form was sent with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on unmount.
  useEffect(
    () => () => {
      if (!submitted.current) forget(unused.current);
    },
    [],
  );
  return {
    url,
    /** The photographer of a photo picked from image search. */
    credit,
    open,
    /** Whether the form went out with this cover (an answer back means it was refused). */
    setSubmitted(value: boolean) {
      submitted.current = value;
    },
    setOpen(next: boolean) {
      setOpen(next);
      setError(null);
    },
    pick,
    upload,
    uploading,
    error,
  };
}

function CreateProjectForm({ slug, onClose }: { slug: string; onClose(): void }) {
  const fetcher = useFetcher<CreateProjectActionData>();
  const [look, setLook] = useState<EmojiIconValue>(randomProjectEmoji);
  const cover = useNewProjectCover(slug);
  const [identifier, setIdentifier] = useState("");
  const [identifierEdited, setIdentifierEdited] = useState(false);
  const [form, fields] = useForm({
    id: "create-project",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateProjectInput }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { network: "2" },
  });
  const submitting = fetcher.state !== "idle";

  const formProps = getFormProps(form);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) cover.setSubmitted(true);
  };
  // A new answer means no project was made (success redirects and leaves the old answer in place).
  useAction(fetcher, {
    onError: (failure) => {
      cover.setSubmitted(false);
      // Someone who may not create projects is told so (the policy's toast) and the dialog closes.
      if (failure.kind === "Forbidden") onClose();
    },
  });

  return (
    <fetcher.Form method="post" action={`/${slug}`} {...formProps} onSubmit={submit}>
      <input type="hidden" name="intent" value="create-project" />
      <EmojiIconInputs value={look} />
      <input type="hidden" name="cover_image" value={cover.url ?? ""} />
      {cover.credit ? (
        <>
          <input type="hidden" name="cover_image_credit.name" value={cover.credit.name} />
          <input type="hidden" name="cover_image_credit.profile_url" value={cover.credit.profile_url} />
        </>
      ) : null}
      <div className="relative h-40">
        <div className="absolute inset-0 overflow-hidden rounded-t-xl bg-neutral-200">
          <img src={cover.url || DEFAULT_COVER_IMAGE} alt="" className="size-full object-cover" />
          <div className="absolute inset-0 bg-gradient-to-t from-black/30 to-transparent" />
        </div>
        <CoverCredit credit={cover.credit} className="absolute top-3 left-3 max-w-[60%]" />
        <div className="absolute right-3 bottom-3">
          <CoverPicker
            value={cover.url}
            open={cover.open}
            onOpenChange={(open) => cover.setOpen(open)}
            onPick={cover.pick}
            onUpload={cover.upload}
            uploading={cover.uploading}
            uploadError={cover.error}
          />
        </div>
        <Dialog.CloseTrigger
          className="absolute top-3 right-3 rounded-md bg-black/20 p-1.5 text-white backdrop-blur hover:bg-black/40"
          aria-label="Close"
        >
          <IconX size={16} />
        </Dialog.CloseTrigger>
        <div className="absolute bottom-3 left-5">
          <EmojiIconPicker value={look} onChange={setLook} label="Choose project emoji or icon" />
        </div>
      </div>

      <div className="space-y-5 px-6 pt-5 pb-6">
        <div>
          <Dialog.Title className="text-lg font-semibold text-neutral-900">Create Project</Dialog.Title>
          <Dialog.Description className="mt-0.5 text-sm text-neutral-500">
            Projects hold your team's issues, cycles, modules and pages.
          </Dialog.Description>
        </div>
        <FormError errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <Field
            label="Name"
            field={fields.name}
            placeholder="e.g. Website redesign"
            autoComplete="off"
            // The identifier follows the name until it is typed by hand.
            onChange={(event) => !identifierEdited && setIdentifier(identifierFromName(event.target.value))}
          />
          <Field
            label="Identifier"
            field={fields.identifier}
            value={identifier}
            onChange={(event) => {
              setIdentifierEdited(true);
              setIdentifier(event.target.value);
            }}
            controlClassName="font-mono tracking-wide"
            placeholder="WEB"
            autoComplete="off"
          />
        </div>
        <Field
          as="textarea"
          label={
            <>
              Description <span className="font-normal text-neutral-400">(optional)</span>
            </>
          }
          field={fields.description}
          rows={3}
          controlClassName="resize-none"
          placeholder="What is this project about?"
        />
        <ProjectNetworkField field={fields.network} />
      </div>

      <DialogActions
        label="Create Project"
        busyLabel="Creating Project..."
        busy={submitting}
        className={`${dialogFooterBarClass} px-6 py-4`}
      />
    </fetcher.Form>
  );
}

export function CreateProjectDialog({
  slug,
  open,
  onOpenChange,
}: {
  slug: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-2xl" offset="sm:pt-[8vh]">
      <CreateProjectForm slug={slug} onClose={() => onOpenChange(false)} />
    </DialogShell>
  );
}
