// The webhooks settings page: each webhook with its status (and why it was switched off), the
// events it wants, its signing secret (hidden until asked, with copy and rotate), edit, on/off,
// delete, and its delivery log. Writes go to the REST API; the list is read again after each.
import { useRevalidator } from "@remix-run/react";
import { useId, useState } from "react";
import { WEBHOOK_EVENT_LABELS, type WebhookView } from "../../../workers/domain/schemas/webhooks";
import { ConfirmDeleteDialog, ConfirmDialog } from "../dialog";
import { IconAlert, IconPencil, IconPlus, IconTrash } from "../icons";
import { IconCopy } from "../issue-detail/icons";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { useToast } from "../toast";
import { useCopy } from "~/hooks/use-copy";
import { buttonClass, inputClass } from "../ui";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { DeliveryLog } from "./delivery-log";
import { WebhookFormDialog } from "./webhook-form-dialog";

function StatusBadge({ webhook }: { webhook: WebhookView }) {
  if (webhook.is_active) {
    return <span className="inline-flex shrink-0 items-center rounded-full whitespace-nowrap bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300">Active</span>;
  }
  return (
    <span className="inline-flex shrink-0 items-center rounded-full whitespace-nowrap bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
      {webhook.disabled_reason ? "Switched off" : "Off"}
    </span>
  );
}

/** The signing secret: hidden until shown; copy and rotate beside it. */
function SecretField({ slug, webhook, onRotated }: { slug: string; webhook: WebhookView; onRotated(): void }) {
  const toast = useToast();
  const call = useApiCall();
  const copy = useCopy();
  const inputId = useId();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  async function rotate() {
    setRotating(true);
    const rotated = await call(() => callApi(api.rotateWebhookSecret(slug, webhook.id), { method: "POST" }), { message: "Some error occurred" });
    setRotating(false);
    if (!rotated) return;
    toast.show({ type: "success", title: "Success!", message: "New secret made. Deliveries are signed with it from now on." });
    setConfirming(false);
    setShown(true);
    onRotated();
  }
  return (
    <div className="mt-3">
      <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-neutral-700">
        Signing secret
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={shown ? webhook.secret : "whsec_••••••••••••••••••••••••"}
          onFocus={(event) => event.target.select()}
          className={`${inputClass} min-w-0 flex-1 basis-56 font-mono text-xs`}
        />
        <button type="button" className={buttonClass("secondary", "md", "shrink-0")} onClick={() => setShown((value) => !value)}>
          {shown ? "Hide" : "Show"}
        </button>
        <button type="button" className={buttonClass("secondary", "md", "shrink-0")} onClick={() => void copy(webhook.secret)} aria-label="Copy signing secret">
          <IconCopy size={14} /> Copy
        </button>
        <button type="button" className={buttonClass("ghost", "md", "shrink-0")} onClick={() => setConfirming(true)}>
          Rotate
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Rotate the signing secret?"
        description="Deliveries are signed with the new secret at once: update your receiver, or it will refuse them."
        confirmLabel="Rotate"
        pendingLabel="Rotating..."
        pending={rotating}
        onConfirm={() => void rotate()}
      />
    </div>
  );
}

function WebhookCard({ slug, webhook, onEdit, onDelete, onChanged }: { slug: string; webhook: WebhookView; onEdit(): void; onDelete(): void; onChanged(): void }) {
  const toast = useToast();
  const call = useApiCall();
  const [switching, setSwitching] = useState(false);
  const [logOpen, setLogOpen] = useState(true);
  async function toggle() {
    setSwitching(true);
    const next = !webhook.is_active;
    const switched = await call(() => callApi(api.webhook(slug, webhook.id), { method: "PATCH", body: { is_active: next } }), {
      message: "Some error occurred",
    });
    setSwitching(false);
    if (!switched) return;
    toast.show({ type: "success", title: "Success!", message: next ? "Webhook switched on." : "Webhook switched off." });
    onChanged();
  }
  return (
    <li>
      <SettingsSection label={`Webhook ${webhook.url}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <div className="flex items-center gap-2">
              <p className="truncate font-mono text-sm text-neutral-900" title={webhook.url}>
                {webhook.url}
              </p>
              <StatusBadge webhook={webhook} />
            </div>
            <ul aria-label="Events" className="mt-2 flex flex-wrap gap-1.5">
              {webhook.events.map((kind) => (
                <li key={kind} className="rounded-md bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-700">
                  {WEBHOOK_EVENT_LABELS[kind]}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => void toggle()} disabled={switching}>
              {webhook.is_active ? "Switch off" : "Switch on"}
            </button>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={onEdit} aria-label={`Edit webhook ${webhook.url}`}>
              <IconPencil size={14} /> Edit
            </button>
            <button
              type="button"
              className={buttonClass("secondary", "sm", "text-red-700 hover:text-red-800 dark:text-red-400")}
              onClick={onDelete}
              aria-label={`Delete webhook ${webhook.url}`}
            >
              <IconTrash size={14} /> Delete
            </button>
          </div>
        </div>
        {webhook.disabled_reason ? (
          <p role="note" className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
            <IconAlert size={16} className="mt-0.5 shrink-0" />
            <span>
              {webhook.disabled_reason} Fix the receiver, then switch the webhook on: deliveries still within their day are sent again.
            </span>
          </p>
        ) : null}
        <SecretField slug={slug} webhook={webhook} onRotated={onChanged} />
        <div className="mt-3">
          <button type="button" className={buttonClass("ghost", "sm", "-ml-2")} aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
            {logOpen ? "Hide deliveries" : "Show deliveries"}
          </button>
        </div>
        {logOpen ? <DeliveryLog slug={slug} webhookId={webhook.id} active={webhook.is_active} /> : null}
      </SettingsSection>
    </li>
  );
}

/** Just after adding: the secret to copy into the receiver now. */
function AddedNotice({ webhook, onDone }: { webhook: WebhookView; onDone(): void }) {
  const copy = useCopy();
  const inputId = useId();
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 dark:border-emerald-900 dark:bg-emerald-950/30">
      <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">Webhook added</p>
      <p className="mt-0.5 text-sm text-emerald-800 dark:text-emerald-300">
        Give this secret to your receiver: it checks each delivery's <code className="font-mono">X-Tracker-Signature</code> with it.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <label htmlFor={inputId} className="sr-only">
          New webhook's signing secret
        </label>
        <input id={inputId} value={webhook.secret} readOnly onFocus={(event) => event.target.select()} className={`${inputClass} min-w-0 flex-1 basis-56 font-mono text-xs`} />
        <button type="button" onClick={() => void copy(webhook.secret)} className={buttonClass("secondary", "md", "shrink-0")}>
          <IconCopy size={14} /> Copy
        </button>
        <button type="button" onClick={onDone} className={buttonClass("ghost", "md", "shrink-0")}>
          Done
        </button>
      </div>
    </div>
  );
}

export function WebhooksPage({ slug, canManage, webhooks }: { slug: string; canManage: boolean; webhooks: WebhookView[] }) {
  const toast = useToast();
  const call = useApiCall();
  const revalidator = useRevalidator();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookView | null>(null);
  const [added, setAdded] = useState<WebhookView | null>(null);
  const [deleting, setDeleting] = useState<(WebhookView & { name: string }) | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const reload = () => revalidator.revalidate();

  async function remove(target: WebhookView) {
    setDeletePending(true);
    const deleted = await call(() => callApi(api.webhook(slug, target.id), { method: "DELETE" }), { message: "Webhook could not be deleted." });
    setDeletePending(false);
    if (!deleted) return;
    toast.show({ type: "success", title: "Success!", message: "Webhook deleted." });
    setDeleting(null);
    if (added?.id === target.id) setAdded(null);
    reload();
  }

  const title = (
    <SettingsTitle
      title="Webhooks"
      description="Send the workspace's events to your own services, signed, as they happen."
      action={
        canManage ? (
          <button type="button" className={buttonClass("primary")} onClick={() => setAdding(true)}>
            <IconPlus size={16} /> Add webhook
          </button>
        ) : null
      }
    />
  );
  if (!canManage) {
    return (
      <div className="space-y-6">
        {title}
        <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-10 text-center text-sm text-neutral-600">
          Only workspace owners can see and manage webhooks.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {title}
      {added ? <AddedNotice webhook={added} onDone={() => setAdded(null)} /> : null}
      {webhooks.length === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-10 text-center text-sm text-neutral-600">
          No webhooks yet. Add one to receive issue, comment, cycle, module and project events at your URL.
        </p>
      ) : (
        <ul aria-label="Webhooks" className="space-y-4">
          {webhooks.map((webhook) => (
            <WebhookCard
              key={webhook.id}
              slug={slug}
              webhook={webhook}
              onEdit={() => setEditing(webhook)}
              onDelete={() => setDeleting({ ...webhook, name: webhook.url })}
              onChanged={reload}
            />
          ))}
        </ul>
      )}
      <WebhookFormDialog
        slug={slug}
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(saved) => {
          setAdding(false);
          setAdded(saved);
          reload();
        }}
      />
      <WebhookFormDialog
        slug={slug}
        open={editing !== null}
        webhook={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <ConfirmDeleteDialog
        kind="webhook"
        target={deleting}
        consequence="Its delivery log goes with it."
        onClose={() => setDeleting(null)}
        pending={deletePending}
        onConfirm={(target) => void remove(target)}
      />
    </div>
  );
}
