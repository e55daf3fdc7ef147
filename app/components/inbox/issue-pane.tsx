// The pane beside the inbox's list (wide screens): the opened notification's issue, read by the
// issue route's own loader through a fetcher, shown by the issue page's view (a chunk of its own,
// so the inbox's first load does not carry it). Until both have arrived the pane shows the issue as
// the row does (key and title). It reads the issue again when its notification changes (someone
// else changed the issue since); the app's writes read it again themselves.
import { Link, useFetcher } from "@remix-run/react";
import { lazy, useEffect, useRef } from "react";
import { IconExternal, IconX } from "~/components/icons";
import { HeldIssueView, PANE_FRAME } from "~/components/issue-detail/held-issue-view";
import { useWorkspaceShell } from "~/components/workspace-context";
import type { InboxNotification } from "~/lib/inbox-contract";
import type { IssuePageData } from "~/lib/issue-page-contract";
import { issuePath } from "~/lib/paths";
import { Suspense } from "~/lib/suspense";

const InboxIssue = lazy(() => import("./inbox-issue"));

/** The width from which the inbox opens an issue beside the list rather than on its page. */
export const PANE_MEDIA = "(min-width: 1024px)";

export function IssuePane(props: { slug: string; notification: InboxNotification; onShown(): void; onClose(): void }) {
  const { slug, notification, onShown, onClose } = props;
  const fetcher = useFetcher<IssuePageData>();
  const path = issuePath(slug, notification.project.id, notification.issue.id);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  // Read on opening, and again whenever the notification says the issue changed (a later time).
  const changedAt = notification.updated_at;
  useEffect(() => {
    if (changedAt && window.matchMedia(PANE_MEDIA).matches) void load.current(path);
  }, [path, changedAt]);

  const project = useWorkspaceShell().projects.find((candidate) => candidate.id === notification.project.id);
  const data = fetcher.data?.issue?.id === notification.issue.id ? fetcher.data : undefined;
  // Once the issue shows, its notification is read.
  const shownFor = data ? notification.id : undefined;
  const latestShown = useRef(onShown);
  latestShown.current = onShown;
  useEffect(() => {
    if (shownFor) latestShown.current();
  }, [shownFor]);
  const held = <HeldIssueView frame={PANE_FRAME} issue={{ id: notification.issue.id, key: notification.issue.key, name: notification.issue.name, state: null }} />;
  return (
    <section
      aria-label={`Issue ${notification.issue.key}`}
      className="@container hidden min-w-0 flex-1 border-l border-neutral-200 bg-surface lg:sticky lg:top-14 lg:block lg:h-[calc(100vh-3.5rem)] lg:overflow-y-auto"
    >
      <div className="flex h-11 items-center gap-2 border-b border-neutral-100 px-5 text-sm text-neutral-500 sm:px-8">
        <span className="font-mono text-xs">{notification.issue.key}</span>
        <span className="min-w-0 flex-1 truncate">{notification.project.name}</span>
        <Link to={path} className="flex items-center gap-1 rounded-md px-2 py-1 hover:bg-neutral-100 hover:text-neutral-800">
          <IconExternal size={13} aria-hidden="true" />
          Open issue page
        </Link>
        <button
          type="button"
          aria-label="Close issue"
          aria-keyshortcuts="Escape"
          title="Close (Esc)"
          onClick={onClose}
          className="rounded-md p-1.5 hover:bg-neutral-100 hover:text-neutral-800"
        >
          <IconX size={15} />
        </button>
      </div>
      {data && project ? (
        <Suspense fallback={held}>
          <InboxIssue data={data} slug={slug} project={project} />
        </Suspense>
      ) : (
        held
      )}
    </section>
  );
}
