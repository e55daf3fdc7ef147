// "/dev/outbox": every mail this local server wrote, newest first, with its links clickable, so the
// demo works end to end offline (verify an address, reset a password, accept an invitation). It
// answers 404 in production.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { AuthLayout } from "~/components/auth-layout";
import { loadOrThrow } from "~/lib/errors.server";
import { developmentOutbox } from "~/lib/mail.server";

export const meta: MetaFunction = () => [{ title: "Development outbox · Edge Tracker" }];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadOrThrow(request, async () => ({ messages: await developmentOutbox(context.domain) }));

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The mail's text with its http(s) addresses as links (nothing else is markup). */
function TextWithLinks({ text }: { text: string }) {
  // Each piece is keyed by where it starts in the text.
  let offset = 0;
  const pieces = text.split(URL_PATTERN).map((part, index) => {
    const piece = { part, start: offset, link: index % 2 === 1 };
    offset += part.length;
    return piece;
  });
  return (
    <>
      {pieces.map(({ part, start, link }) =>
        link ? (
          <a key={start} href={part} className="break-all text-brand-600 underline dark:text-brand-400">
            {part}
          </a>
        ) : (
          <Fragment key={start}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const STATUS_CLASS = {
  queued: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
  sent: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  failed: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
} as const;

export default function DevelopmentOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <AuthLayout title="Development outbox" subtitle="Every mail this local server wrote, newest first. Not served in production.">
      {messages.length === 0 ? (
        <p className="text-sm text-neutral-500">No mail yet.</p>
      ) : (
        <ol className="space-y-4" aria-label="Mails">
          {messages.map((message) => (
            <li key={message.id} aria-label={`${message.subject} to ${message.recipient}`} className="rounded-md border border-neutral-200 p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-sm font-semibold text-neutral-900">{message.subject}</h2>
                <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_CLASS[message.status]}`}>{message.status}</span>
              </div>
              <p className="mt-1 text-xs text-neutral-500">
                To {message.recipient} · <time dateTime={message.created_at}>{new Date(message.created_at).toUTCString()}</time>
              </p>
              {message.last_error ? <p className="mt-1 text-xs text-red-700 dark:text-red-300">{message.last_error}</p> : null}
              <p className="mt-2 whitespace-pre-wrap text-sm text-neutral-700">
                <TextWithLinks text={message.text} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </AuthLayout>
  );
}
