// The profile card: the avatar (uploaded to the user's file assets, then set on the profile, which
// deletes the previous upload) and the names; the address has a section of its own.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { failureMessage } from "~/lib/action-answer";
import { callApi, failureOfThrown } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { IMAGE_ACCEPT, assetFormData, imageFileProblem } from "~/lib/uploads";
import { UPLOAD_FAILED } from "../../../workers/domain/schemas/uploads";
import { UserAvatar } from "../account-menu";
import { IconUpload } from "../issue-detail/icons";
import { useToast } from "../toast";
import { FormError, Spinner, Field, buttonClass } from "../ui";
import { type ProfileActionData, ProfileForm as ProfileFormSchema, type ProfilePageData } from "~/lib/profile-contract";
import { useSettled } from "./use-settled";

type Profile = ProfilePageData["profile"];

export const displayNameOf = (profile: Profile) =>
  [profile.first_name, profile.last_name].filter(Boolean).join(" ") || profile.display_name || profile.email;

/** The message of a refused upload: the field message the API answered, else its words, else the generic one. */
function uploadRefusal(error: unknown) {
  const failure = failureOfThrown(error);
  return failure.fields?.asset?.[0] ?? failureMessage(failure, UPLOAD_FAILED);
}

function AvatarPicker({ profile }: { profile: Profile }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-avatar" });
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const busy = uploading || fetcher.state !== "idle";

  useSettled(
    fetcher,
    (answer) => {
      if (answer.ok) toast.show({ type: "success", title: "Success!", message: "Avatar updated successfully." });
    },
    { message: UPLOAD_FAILED },
  );

  async function upload(file: File) {
    setError(null);
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    const body = assetFormData(file);
    setUploading(true);
    try {
      const asset = await callApi<{ asset: string }>(api.userFiles(), { method: "POST", body });
      fetcher.submit({ intent: "set-avatar", avatar: asset.asset }, { method: "post", action: "/profile" });
    } catch (failure) {
      setError(uploadRefusal(failure));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  return (
    <div className="flex items-center gap-4">
      <UserAvatar name={displayNameOf(profile)} avatar={profile.avatar} size="lg" alt="Your avatar" />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label className={`${buttonClass("secondary", "sm")} cursor-pointer ${busy ? "pointer-events-none opacity-70" : ""}`}>
            {busy ? <Spinner className="size-3.5" /> : <IconUpload size={14} />}
            {busy ? "Uploading..." : profile.avatar ? "Change avatar" : "Upload avatar"}
            <input
              ref={inputRef}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              aria-label="Upload avatar"
              aria-describedby={error ? errorId : undefined}
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          {profile.avatar ? (
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              disabled={busy}
              onClick={() => fetcher.submit({ intent: "remove-avatar" }, { method: "post", action: "/profile" })}
            >
              Remove
            </button>
          ) : null}
        </div>
        {error ? (
          <p id={errorId} role="alert" className="mt-1.5 text-xs text-red-600">
            {error}
          </p>
        ) : (
          <p className="mt-1.5 text-xs text-neutral-500">PNG, JPEG, GIF or WebP, up to 5 MB.</p>
        )}
      </div>
    </div>
  );
}

export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "profile-details" });
  const toast = useToast();
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult: fetcher.data?.result,
    defaultValue: { first_name: profile.first_name, last_name: profile.last_name, display_name: profile.display_name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useSettled(fetcher, (answer) => {
    if (answer.ok) toast.show({ type: "success", title: "Success!", message: "Profile updated successfully." });
  });
  const saving = fetcher.state !== "idle";

  return (
    <div className="space-y-6">
      <AvatarPicker profile={profile} />
      <fetcher.Form method="post" action="/profile" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="update-profile" />
        <FormError errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" field={fields.first_name} autoComplete="given-name" />
          <Field label="Last name" field={fields.last_name} autoComplete="family-name" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Display name" field={fields.display_name} autoComplete="nickname" />
        </div>
        <div className="flex justify-end">
          <button type="submit" className={buttonClass("primary")} disabled={saving}>
            {saving ? <Spinner /> : null}
            {saving ? "Saving..." : "Save changes"}
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}
