// Add or edit a webhook: its URL and the events it wants (at least one), checked with the same
// schema the server uses; the server's own refusals (an http:// URL, say) land on their fields,
// and a refusal with no field to land on is told once in a toast with the server's words.
import { Dialog } from "@ark-ui/react/dialog";
import { getCollectionProps, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import {
  CreateWebhookInput,
  WEBHOOK_EVENT_KINDS,
  WEBHOOK_EVENT_LABELS,
  type WebhookEventKind,
  type WebhookView,
} from "../../../workers/domain/schemas/webhooks";
import { DialogActions, DialogShell } from "../dialog";
import { useToast } from "../toast";
import { Field, FieldError, labelClass } from "../ui";

const EVENT_HINTS: Record<WebhookEventKind, string> = {
  issue: "Created, updated, deleted",
  comment: "Posted, edited, deleted",
  cycle: "Created, updated, deleted",
  module: "Created, updated, deleted",
  project: "Created, updated, deleted",
};

function WebhookForm({ slug, webhook, onSaved }: { slug: string; webhook?: WebhookView; onSaved(saved: WebhookView): void }) {
  const toast = useToast();
  const run = useApiCall();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [form, fields] = useForm({
    id: `webhook-form-${webhook?.id ?? "new"}`,
    defaultValue: { url: webhook?.url ?? "", events: webhook?.events ?? ["issue"] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateWebhookInput }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setServerErrors({});
      setSaving(true);
      const url = webhook ? api.webhook(slug, webhook.id) : api.webhooks(slug);
      const saved = await run(() => callApi<WebhookView>(url, { method: webhook ? "PATCH" : "POST", body: submission.value }), {
        onFields: setServerErrors,
        message: webhook ? "Webhook could not be updated." : "Webhook could not be added.",
      });
      setSaving(false);
      if (!saved) return;
      toast.show({ type: "success", title: "Success!", message: webhook ? "Webhook updated." : "Webhook added." });
      onSaved(saved.value);
    },
  });
  const eventErrors = fields.events.errors ?? serverErrors.events;
  const eventsErrorId = `${form.id}-events-error`;
  return (
    <form {...getFormProps(form)} className="space-y-4 p-5">
      <div>
        <Dialog.Title className="text-base font-semibold text-neutral-900">{webhook ? "Edit webhook" : "Add webhook"}</Dialog.Title>
        <Dialog.Description className="mt-0.5 text-sm text-neutral-600">
          The URL receives a signed POST for every event it asks for.
        </Dialog.Description>
      </div>
      <Field
        label="Payload URL"
        field={fields.url}
        errors={serverErrors.url}
        inputMode="url"
        placeholder="https://example.com/hooks/tracker"
        autoComplete="off"
      />
      <fieldset aria-describedby={eventErrors ? eventsErrorId : undefined}>
        <legend className={labelClass}>Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {getCollectionProps(fields.events, { type: "checkbox", options: [...WEBHOOK_EVENT_KINDS] }).map(({ key, ...props }) => {
            const kind = props.value as WebhookEventKind;
            return (
              <label
                key={key}
                htmlFor={props.id}
                className="flex cursor-pointer items-start gap-2.5 rounded-md border border-neutral-200 px-3 py-2 hover:bg-neutral-50"
              >
                <input {...props} className="mt-0.5 size-4 accent-brand-600" />
                <span>
                  <span className="block text-sm font-medium text-neutral-900">{WEBHOOK_EVENT_LABELS[kind]}</span>
                  <span className="block text-xs text-neutral-600">{EVENT_HINTS[kind]}</span>
                </span>
              </label>
            );
          })}
        </div>
        <FieldError id={eventsErrorId} errors={eventErrors} />
      </fieldset>
      <DialogActions label={webhook ? "Save changes" : "Add webhook"} busyLabel={webhook ? "Saving..." : "Adding..."} busy={saving} className="flex justify-end gap-2 pt-2" />
    </form>
  );
}

export function WebhookFormDialog({
  slug,
  open,
  webhook,
  onClose,
  onSaved,
}: {
  slug: string;
  open: boolean;
  webhook?: WebhookView;
  onClose(): void;
  onSaved(saved: WebhookView): void;
}) {
  return (
    <DialogShell open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? <WebhookForm slug={slug} webhook={webhook} onSaved={onSaved} /> : null}
    </DialogShell>
  );
}
