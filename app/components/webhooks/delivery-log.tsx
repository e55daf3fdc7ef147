// A webhook's delivery log, newest first: the event, whether it arrived, the receiver's answer,
// the attempts and when; Redeliver sends one again. While a delivery is pending the log reads
// itself again every few seconds, so a retry's outcome shows without a reload.
import { useCallback, useEffect, useRef, useState } from "react";
import type { WebhookDeliveriesPage, WebhookDeliveryStatus, WebhookDeliveryView } from "../../../workers/domain/schemas/webhooks";
import { TimeAgo } from "../issue-detail/format";
import { useToast } from "../toast";
import { Spinner, buttonClass } from "../ui";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";

const POLL_MS = 3000;

const STATUS_STYLE: Record<WebhookDeliveryStatus, string> = {
  pending: "bg-amber-100 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
  delivered: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300",
};

const STATUS_LABEL: Record<WebhookDeliveryStatus, string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

function StatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{STATUS_LABEL[status]}</span>;
}

function DeliveryRow({
  delivery,
  canRedeliver,
  onRedeliver,
}: {
  delivery: WebhookDeliveryView;
  canRedeliver: boolean;
  onRedeliver(delivery: WebhookDeliveryView): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const answer = delivery.response_status !== null ? String(delivery.response_status) : delivery.status === "pending" && delivery.attempts === 0 ? "—" : "No answer";
  return (
    <li data-delivery={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
      <span className="min-w-0 flex-1 basis-40">
        <span className="block truncate font-mono text-xs text-neutral-900">
          {delivery.event}.{delivery.action}
        </span>
        <span className="block text-xs text-neutral-600">
          <TimeAgo iso={delivery.created_at} /> · {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
        </span>
        {delivery.error ? <span className="block truncate text-xs text-red-700 dark:text-red-400" title={delivery.error}>{delivery.error}</span> : null}
      </span>
      <StatusBadge status={delivery.status} />
      <span className="w-16 text-right font-mono text-xs text-neutral-700" title="Response code">
        {answer}
      </span>
      <button
        type="button"
        className={buttonClass("secondary", "sm")}
        disabled={!canRedeliver || busy}
        aria-label={`Redeliver ${delivery.event}.${delivery.action} from ${new Date(delivery.created_at).toLocaleString()}`}
        onClick={() => {
          setBusy(true);
          onRedeliver(delivery).finally(() => setBusy(false));
        }}
      >
        {busy ? <Spinner className="size-3.5" /> : null}
        Redeliver
      </button>
    </li>
  );
}

export function DeliveryLog({ slug, webhookId, active }: { slug: string; webhookId: string; active: boolean }) {
  const toast = useToast();
  const run = useApiCall();
  const [rows, setRows] = useState<WebhookDeliveryView[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const page = await callApi<WebhookDeliveriesPage>(api.webhookDeliveries(slug, webhookId));
      if (call !== latest.current) return;
      setRows(page.results);
      setNextCursor(page.next_cursor);
      setFailed(false);
    } catch (failure) {
      console.warn("reading the delivery log failed", failure);
      if (call === latest.current) setFailed(true);
    }
  }, [slug, webhookId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const pending = rows?.some((row) => row.status === "pending") ?? false;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, refresh]);

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    const older = await run(() => callApi<WebhookDeliveriesPage>(api.webhookDeliveries(slug, webhookId, nextCursor)), {
      message: () => "Older deliveries could not be loaded.",
    });
    setLoadingMore(false);
    if (!older) return;
    setRows((current) => [...(current ?? []), ...older.value.results]);
    setNextCursor(older.value.next_cursor);
  }

  async function redeliver(delivery: WebhookDeliveryView) {
    const queued = await run(() => callApi(api.redeliverWebhook(slug, webhookId, delivery.id), { method: "POST" }), { message: "Some error occurred" });
    if (!queued) return;
    toast.show({ type: "success", title: "Success!", message: "Redelivery queued." });
    await refresh();
  }

  return (
    <div className="mt-4 border-t border-neutral-100 pt-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-neutral-900">Recent deliveries</h3>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {rows === null ? (
        failed ? (
          <p className="py-3 text-sm text-red-700 dark:text-red-400">The delivery log could not be loaded.</p>
        ) : (
          <p className="flex items-center gap-2 py-3 text-sm text-neutral-600">
            <Spinner /> Loading deliveries...
          </p>
        )
      ) : rows.length === 0 ? (
        <p className="py-3 text-sm text-neutral-600">No deliveries yet. They appear here as events happen.</p>
      ) : (
        <>
          <ul aria-label="Deliveries" className="divide-y divide-neutral-100">
            {rows.map((row) => (
              <DeliveryRow key={row.id} delivery={row} canRedeliver={active} onRedeliver={redeliver} />
            ))}
          </ul>
          {nextCursor ? (
            <button type="button" className={buttonClass("secondary", "sm", "mt-2")} onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? <Spinner className="size-3.5" /> : null}
              Load older deliveries
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
