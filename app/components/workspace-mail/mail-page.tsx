// The workspace Mail page (owners): the transport card (what is configured, or why mail cannot
// leave, and the last error), the test-mail button and the mail log. A mail's status is what the
// send job recorded after the transport answered: a test mail shows "Queued" until then, never
// "Sent" on the button's say-so.
import { Link, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { IconAlert } from "~/components/icons";
import { TimeAgo } from "~/components/issue-detail/format";
import { useSettingsIntent } from "~/components/settings/members";
import { SettingsSection, SettingsTitle } from "~/components/settings/section";
import { Spinner, buttonClass } from "~/components/ui";
import type { WorkspaceMailIntent, WorkspaceMailPageData } from "~/lib/workspace-mail-contract";
import type { MailLogRow, MailStatus } from "../../../workers/domain/schemas/workspace-mail";

const STATUS_STYLE: Record<MailStatus, string> = {
  queued: "bg-amber-100 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
  sent: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300",
};
const STATUS_LABEL: Record<MailStatus, string> = { queued: "Queued", sent: "Sent", failed: "Failed" };

const KIND_LABEL: Record<string, string> = { invitation: "Invitation", test: "Test mail", "verify-email": "Address check", "password-reset": "Password reset" };

function StatusBadge({ status }: { status: MailStatus }) {
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{STATUS_LABEL[status]}</span>;
}

function TransportCard({ data }: { data: WorkspaceMailPageData }) {
  const { transport, problem } = data.setup;
  return (
    <SettingsSection label="Transport">
      <h2 className="text-sm font-medium text-neutral-900">How mail leaves this server</h2>
      {transport ? (
        <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-neutral-700">
          <span className="rounded border border-neutral-200 px-1.5 py-0.5 font-mono text-xs text-neutral-700">{transport.name}</span>
          <span className="min-w-0 break-words">{transport.description}</span>
        </p>
      ) : (
        <p role="alert" className="mt-2 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
          <IconAlert size={16} className="mt-0.5 shrink-0" />
          <span>{problem} Mail waits in the log below as failed until the server's operator sets mail up.</span>
        </p>
      )}
      {data.last_error ? (
        <div className="mt-3 rounded-md border border-red-200 bg-red-50/60 px-3 py-2 text-sm dark:border-red-900/60 dark:bg-red-950/20">
          <p className="font-medium text-red-800 dark:text-red-300">
            Last error, <TimeAgo iso={data.last_error.at} />
          </p>
          <p className="mt-0.5 break-words text-red-700 dark:text-red-400">{data.last_error.message}</p>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-neutral-600">
        {data.counts.sent} sent · {data.counts.failed} failed · {data.counts.queued} queued in the last 30 days
      </p>
    </SettingsSection>
  );
}

function TestMailButton({ email }: { email: string }) {
  const [queued, setQueued] = useState(false);
  const intent = useSettingsIntent<WorkspaceMailIntent>();
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className={buttonClass("primary", "sm")}
        disabled={intent.pending}
        onClick={() => {
          setQueued(true);
          intent.send({ intent: "send-test-mail" });
        }}
      >
        {intent.pending ? <Spinner className="size-3.5" /> : null}
        Send a test mail
      </button>
      {queued && !intent.pending ? (
        <p role="status" className="text-xs text-neutral-600">
          Queued for {email}. Its status below changes once the transport answers.
        </p>
      ) : null}
    </div>
  );
}

function outcomeOf(row: MailLogRow) {
  if (row.status === "sent") return { text: row.transport_answer ?? "Accepted", tone: "text-neutral-600" };
  if (row.status === "failed") return { text: row.last_error ?? "Not sent.", tone: "text-red-700 dark:text-red-400" };
  if (row.last_error) return { text: `Retrying after: ${row.last_error}`, tone: "text-amber-800 dark:text-amber-300" };
  return null;
}

function LogRow({ row }: { row: MailLogRow }) {
  const outcome = outcomeOf(row);
  return (
    <tr data-mail={row.id} className="align-top">
      <td className="py-2.5 pr-3">
        <StatusBadge status={row.status} />
      </td>
      <td className="min-w-0 py-2.5 pr-3">
        <span className="block break-words text-sm text-neutral-900">{row.subject}</span>
        <span className="block break-all text-xs text-neutral-600">
          {KIND_LABEL[row.kind] ?? row.kind} to {row.recipient}
        </span>
        {outcome ? <span className={`mt-0.5 block break-words text-xs ${outcome.tone}`}>{outcome.text}</span> : null}
      </td>
      <td className="py-2.5 pr-3 text-right text-xs text-neutral-700 tabular-nums">{row.attempts}</td>
      <td className="py-2.5 text-xs whitespace-nowrap text-neutral-600">
        <TimeAgo iso={row.created_at} />
        {row.sent_at ? (
          <span className="block">
            sent <TimeAgo iso={row.sent_at} />
          </span>
        ) : null}
      </td>
    </tr>
  );
}

function MailLog({ data }: { data: WorkspaceMailPageData }) {
  const revalidator = useRevalidator();
  const { rows, next_cursor } = data.log;
  return (
    <SettingsSection label="Mail log">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-neutral-900">Mail log</h2>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={() => revalidator.revalidate()} disabled={revalidator.state !== "idle"}>
          {revalidator.state !== "idle" ? <Spinner className="size-3.5" /> : null}
          Refresh
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-neutral-600">
          {data.cursor ? "No older mail." : "No mail from this workspace yet. Invitations and test mails appear here, with what the mail server answered."}
        </p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <thead className="border-b border-neutral-200 text-xs text-neutral-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                <th scope="col" className="py-2 pr-3 font-medium">Mail</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Attempts</th>
                <th scope="col" className="py-2 font-medium">When</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100">
              {rows.map((row) => (
                <LogRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-2 flex gap-2">
        {data.cursor ? (
          <Link to="?" className={buttonClass("secondary", "sm")}>
            Newest mail
          </Link>
        ) : null}
        {next_cursor ? (
          <Link to={`?cursor=${encodeURIComponent(next_cursor)}`} className={buttonClass("secondary", "sm")}>
            Older mail
          </Link>
        ) : null}
      </div>
    </SettingsSection>
  );
}

export function WorkspaceMailPage({ data }: { data: WorkspaceMailPageData }) {
  return (
    <div className="space-y-6">
      <SettingsTitle
        title="Mail"
        description="Every mail this workspace sends (invitations, test mails) and what the mail server answered. The log keeps 30 days."
        action={<TestMailButton email={data.email} />}
      />
      <TransportCard data={data} />
      <MailLog data={data} />
    </div>
  );
}
