// The project settings' General page: the cover (saved as soon as it is picked or uploaded), the
// emoji, name, identifier, description and network (one form), the feature switches (each saved at
// once; the sidebar follows), and deleting the project. Only project owners may change anything;
// members see the values read-only.
import { assetFormData, uploadRefusalMessage } from "~/lib/uploads";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import {
  type GeneralProject,
  PROJECT_FEATURE_TEXT,
  type ProjectFeature,
  ProjectFeatureSchema,
  ProjectGeneralFormSchema,
  type ProjectGeneralIntent,
} from "~/lib/project-settings-general-contract";
import { DEFAULT_COVER_IMAGE, ROLE } from "~/lib/project-constants";
import { projectPath } from "~/lib/paths";
import type { SettingsAnswer } from "~/lib/settings-contract";
import { CoverCredit } from "../cover-credit";
import { CoverPicker } from "../cover-picker";
import { DeleteProjectDialog } from "../delete-project-dialog";
import { EmojiIconInputs, EmojiIconPicker, type EmojiIconValue } from "../emoji-icon-picker";
import { ProjectIcon } from "../project-icon";
import { ProjectNetworkField } from "../project-network-field";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { useAction } from "~/hooks/use-action";
import { useToast } from "../toast";
import { Field, FormError, Spinner, Switch, buttonClass } from "../ui";

const postJson = { method: "post", encType: "application/json" } as const;

/** The cover banner with its picker: a built-in cover is a JSON intent, an upload a multipart post. */
function CoverBanner({ project, canEdit, children }: { project: GeneralProject; canEdit: boolean; children: React.ReactNode }) {
  const toast = useToast();
  const pick = useFetcher<SettingsAnswer>();
  const upload = useFetcher<SettingsAnswer>();
  const [open, setOpen] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  useAction(pick, { onDone: () => setOpen(false), message: "Cover could not be updated. Please try again." });
  useAction(upload, {
    onDone: () => {
      setOpen(false);
      toast.show({ type: "success", message: "Project cover updated successfully." });
    },
    message: uploadRefusalMessage,
    onMessage: setUploadError,
  });

  // While a built-in cover is being saved it is already shown.
  const pending = pick.json as ProjectGeneralIntent | undefined;
  const picking = pending?.intent === "set-cover" ? pending : null;
  const shown = picking ? picking.cover_image : project.cover_image;
  const credit = picking ? (picking.cover_image_credit ?? null) : project.cover_image_credit;
  return (
    <div className="relative h-36 rounded-lg sm:h-44">
      <div className="absolute inset-0 overflow-hidden rounded-lg bg-neutral-200">
        <img src={shown || DEFAULT_COVER_IMAGE} alt="" className="size-full object-cover" />
        <div className="absolute inset-0 bg-gradient-to-t from-black/35 to-transparent" />
      </div>
      <CoverCredit credit={credit} className="absolute top-3 left-3 max-w-[60%]" />
      <div className="absolute bottom-3 left-4">{children}</div>
      {canEdit ? (
        <div className="absolute right-3 bottom-3">
          <CoverPicker
            value={shown}
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              setUploadError(null);
            }}
            onPick={(url, credit) =>
              pick.submit({ intent: "set-cover", cover_image: url, cover_image_credit: credit } satisfies ProjectGeneralIntent, postJson)
            }
            uploading={upload.state !== "idle"}
            uploadError={uploadError}
            onUpload={(file) => {
              setUploadError(null);
              const body = assetFormData(file);
              upload.submit(body, { method: "post", encType: "multipart/form-data" });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

function DetailsForm({ project, canEdit }: { project: GeneralProject; canEdit: boolean }) {
  const fetcher = useFetcher<SettingsAnswer>();
  const [look, setLook] = useState<EmojiIconValue | null>(project.emoji ?? project.icon_prop ?? null);
  const [form, fields] = useForm({
    id: `project-general-${project.id}`,
    lastResult: fetcher.state === "idle" && !fetcher.data?.ok ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProjectGeneralFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      name: project.name,
      identifier: project.identifier,
      description: project.description,
      network: String(project.network),
    },
  });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <CoverBanner project={project} canEdit={canEdit}>
        <EmojiIconPicker
          value={look}
          onChange={setLook}
          label="Choose project emoji or icon"
          disabled={!canEdit}
          fallback={<ProjectIcon project={project} size="lg" />}
        />
      </CoverBanner>
      <EmojiIconInputs value={look} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <Field label="Name" field={fields.name} autoComplete="off" readOnly={!canEdit} />
        <Field label="Identifier" field={fields.identifier} controlClassName="font-mono tracking-wide" autoComplete="off" readOnly={!canEdit} />
      </div>
      <Field
        as="textarea"
        label="Description"
        field={fields.description}
        rows={3}
        controlClassName="resize-y"
        placeholder="What is this project about?"
        readOnly={!canEdit}
      />
      <ProjectNetworkField field={fields.network} disabled={!canEdit} />
      {canEdit ? (
        <button type="submit" className={buttonClass("primary")} disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? "Updating..." : "Update project"}
        </button>
      ) : null}
    </fetcher.Form>
  );
}

function FeatureSwitch({ feature, enabled, canEdit }: { feature: ProjectFeature; enabled: boolean; canEdit: boolean }) {
  const fetcher = useFetcher<SettingsAnswer>();
  useAction(fetcher, { message: "Project could not be updated. Please try again." });
  // Shown as switched while the write is on its way.
  const pending = fetcher.json as ProjectGeneralIntent | undefined;
  const on = pending?.intent === "toggle-feature" ? pending.enabled : enabled;
  const text = PROJECT_FEATURE_TEXT[feature];
  const labelId = `feature-${feature}`;
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <p id={labelId} className="text-sm font-medium text-neutral-900">
          {text.label}
        </p>
        <p className="text-xs text-neutral-600">{text.description}</p>
      </div>
      <Switch
        checked={on}
        labelledBy={labelId}
        disabled={!canEdit}
        onChange={(enabled) => fetcher.submit({ intent: "toggle-feature", feature, enabled } satisfies ProjectGeneralIntent, postJson)}
      />
    </li>
  );
}

export function ProjectGeneral({ slug, project, role }: { slug: string; project: GeneralProject; role: number }) {
  const canEdit = role >= ROLE.owner;
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-8">
      <SettingsTitle title="Project Settings" description="This information will be displayed to every member of the project." />
      {canEdit ? null : <p className="rounded-md bg-neutral-50 px-3 py-2 text-sm text-neutral-600">Only project owners can change these settings.</p>}
      <SettingsSection label="Project details">
        <DetailsForm project={project} canEdit={canEdit} />
      </SettingsSection>
      <SettingsSection label="Features">
        <h2 className="text-sm font-semibold text-neutral-900">Features</h2>
        <p className="mt-0.5 text-sm text-neutral-600">Switch off what this project does not use; the sidebar follows.</p>
        <ul className="mt-2 divide-y divide-neutral-100">
          {ProjectFeatureSchema.options.map((feature) => (
            <FeatureSwitch key={feature} feature={feature} enabled={project[feature]} canEdit={canEdit} />
          ))}
        </ul>
      </SettingsSection>
      {canEdit ? (
        <SettingsSection tone="danger" label="Danger zone">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h2 className="text-sm font-semibold text-neutral-900">Delete project</h2>
              <p className="mt-0.5 text-sm text-neutral-600">Deleting a project removes its issues, cycles, modules and pages for good.</p>
            </div>
            <button type="button" className={buttonClass("danger", "sm")} onClick={() => setDeleting(true)}>
              Delete project
            </button>
          </div>
          <DeleteProjectDialog
            slug={slug}
            project={project}
            action={`${projectPath(slug, project.id)}/settings?index`}
            open={deleting}
            onOpenChange={setDeleting}
          />
        </SettingsSection>
      ) : null}
    </div>
  );
}
