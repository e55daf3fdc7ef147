// The inbox: the person's notifications, newest change first, by tab; each row says who did what
// to which issue. A row opens its issue (and is marked read); J/K move through the list, Enter
// opens, E archives, S snoozes, U marks read or unread. Changes show at once and are undone with
// a message if the server refuses them.
import { Link, useFetcher, useNavigate, useParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { TimeAgo } from "~/components/issue-detail/format";
import { ShellHeader } from "~/components/shell-header";
import { Menu, buttonClass, menuItemClass } from "~/components/ui";
import { useAction } from "~/hooks/use-action";
import { useShortcut } from "~/hooks/use-shortcut";
import type { InboxIntent, InboxNotification, InboxPageData } from "~/lib/inbox-contract";
import { issuePath } from "~/lib/paths";
import { INBOX_SHOWS, INBOX_TABS, type InboxFilter, changesSummary } from "../../../workers/domain/schemas/inbox";

const TAB_LABEL: Record<InboxFilter["tab"], string> = { all: "All", mentions: "Mentions", assigned: "Assigned", created: "Created", subscribed: "Subscribed" };
const SHOW_LABEL: Record<InboxFilter["show"], string> = { inbox: "Inbox", snoozed: "Snoozed", archived: "Archived" };
const EMPTY: Record<InboxFilter["show"], string> = {
  inbox: "You're all caught up. Assignments, mentions and changes to issues you follow land here.",
  snoozed: "Nothing is snoozed. Snooze a notification (S) to have it come back later.",
  archived: "Nothing archived yet. Archive a notification (E) once it needs nothing more from you.",
};

/** What a notification says, its changes in order, each kind once. */
export const notificationSummary = (notification: InboxNotification) => changesSummary(notification.changes);

/** When a snooze ends: in an hour, tomorrow at 9, next Monday at 9 (the person's own clock). */
function snoozeChoices(now = new Date()) {
  const at9 = (days: number) => {
    const day = new Date(now);
    day.setDate(day.getDate() + days);
    day.setHours(9, 0, 0, 0);
    return day;
  };
  const untilMonday = ((8 - now.getDay()) % 7) || 7;
  return [
    { label: "For an hour", until: new Date(now.getTime() + 3_600_000) },
    { label: "Until tomorrow", until: at9(1) },
    { label: "Until next week", until: at9(untilMonday) },
  ];
}

function useInboxIntent() {
  const fetcher = useFetcher();
  useAction(fetcher);
  return (intent: InboxIntent) => fetcher.submit(intent, { method: "post", encType: "application/json" });
}

export function InboxPage({ data }: { data: InboxPageData }) {
  const slug = useParams().workspaceSlug ?? "";
  const navigate = useNavigate();
  const send = useInboxIntent();
  // What the person did here before the server's answer came back: shown at once.
  const [overrides, setOverrides] = useState<Record<string, Partial<InboxNotification> & { gone?: boolean }>>({});
  // Fresh data from the server holds those changes: forget them (reset during render, React's way).
  const [heldFor, setHeldFor] = useState(data.notifications);
  if (heldFor !== data.notifications) {
    setHeldFor(data.notifications);
    setOverrides({});
  }
  const rows = useMemo(
    () => data.notifications.map((n) => ({ ...n, ...overrides[n.id] })).filter((n) => !n.gone),
    [data.notifications, overrides],
  );
  const [selected, setSelected] = useState(0);
  const current = rows[Math.min(selected, rows.length - 1)];
  const { tab, show } = data.filter;
  const query = (next: Partial<InboxFilter>) => {
    const params = new URLSearchParams();
    const merged = { ...data.filter, ...next };
    if (merged.tab !== "all") params.set("tab", merged.tab);
    if (merged.show !== "inbox") params.set("show", merged.show);
    if (merged.project) params.set("project", merged.project);
    const text = params.toString();
    return text ? `?${text}` : "?";
  };

  const change = (n: InboxNotification, patch: { read?: boolean; archived?: boolean; snoozed_until?: string | null }) => {
    const now = new Date().toISOString();
    const leaves = (patch.archived !== undefined && show !== "archived") || (patch.snoozed_until !== undefined && show === "inbox");
    setOverrides((all) => ({
      ...all,
      [n.id]: { ...all[n.id], ...(patch.read !== undefined ? { read_at: patch.read ? now : null } : {}), ...(leaves ? { gone: true } : {}) },
    }));
    send({ intent: "update", id: n.id, ...patch });
  };
  const open = (n: InboxNotification) => {
    if (!n.read_at) change(n, { read: true });
    navigate(issuePath(slug, n.project.id, n.issue.id));
  };

  useShortcut({ key: "j" }, () => setSelected((i) => Math.min(i + 1, rows.length - 1)));
  useShortcut({ key: "k" }, () => setSelected((i) => Math.max(i - 1, 0)));
  // Enter opens the selected row, unless a control has focus: then Enter is that control's press.
  const openCurrent = useRef<() => void>(() => {});
  openCurrent.current = () => current && open(current);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
      if (event.target instanceof HTMLElement && event.target.closest("button, a, input, textarea, select, [contenteditable], [role=dialog], [role=menu]")) return;
      event.preventDefault();
      openCurrent.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  useShortcut({ key: "e" }, () => current && change(current, { archived: show !== "archived" }));
  useShortcut({ key: "u" }, () => current && change(current, { read: !current.read_at }));
  useShortcut({ key: "s" }, () => current && change(current, { snoozed_until: snoozeChoices()[0].until.toISOString() }));

  return (
    <>
    <ShellHeader breadcrumbs={[{ label: "Inbox" }]} />
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">Inbox</h1>
        <div className="flex items-center gap-2">
          <nav aria-label="Shelves" className="flex rounded-md border border-neutral-200 p-0.5 text-sm">
            {INBOX_SHOWS.map((name) => (
              <Link
                key={name}
                to={query({ show: name })}
                aria-current={show === name ? "page" : undefined}
                className={`rounded px-2.5 py-1 ${show === name ? "bg-neutral-100 font-medium text-neutral-900" : "text-neutral-600 hover:text-neutral-900"}`}
              >
                {SHOW_LABEL[name]}
              </Link>
            ))}
          </nav>
          {show === "inbox" ? (
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => send({ intent: "mark-all-read" })}>
              Mark all as read
            </button>
          ) : null}
        </div>
      </div>
      <nav aria-label="Inbox tabs" className="mt-4 flex gap-1 overflow-x-auto border-b border-neutral-200 text-sm">
        {INBOX_TABS.map((name) => (
          <Link
            key={name}
            to={query({ tab: name })}
            aria-current={tab === name ? "page" : undefined}
            className={`-mb-px whitespace-nowrap border-b-2 px-3 py-2 ${tab === name ? "border-brand-500 font-medium text-neutral-900" : "border-transparent text-neutral-600 hover:text-neutral-900"}`}
          >
            {TAB_LABEL[name]}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="mt-10 text-center text-sm text-neutral-500">{EMPTY[show]}</p>
      ) : (
        <ul aria-label="Notifications" className="mt-2 divide-y divide-neutral-100">
          {rows.map((n, index) => (
            <NotificationRow
              key={n.id}
              notification={n}
              selected={n === current}
              onSelect={() => setSelected(index)}
              onOpen={() => open(n)}
              onChange={(patch) => change(n, patch)}
              archived={show === "archived"}
            />
          ))}
        </ul>
      )}
      {data.next_cursor ? (
        <p className="mt-4 text-center">
          <Link to={`${query({})}&cursor=${encodeURIComponent(data.next_cursor)}`} className="text-sm text-brand-600 hover:underline">
            Older notifications
          </Link>
        </p>
      ) : null}
      <p className="mt-6 text-xs text-neutral-500">J / K to move · Enter to open · E to archive · S to snooze an hour · U for read / unread</p>
    </div>
    </>
  );
}

function NotificationRow(props: {
  notification: InboxNotification;
  selected: boolean;
  archived: boolean;
  onSelect(): void;
  onOpen(): void;
  onChange(patch: { read?: boolean; archived?: boolean; snoozed_until?: string | null }): void;
}) {
  const { notification: n, selected, archived, onSelect, onOpen, onChange } = props;
  const unread = !n.read_at;
  const actor = n.actor ? n.actor.first_name || n.actor.display_name || n.actor.email : null;
  const said = actor ? `${actor} ${notificationSummary(n)}` : notificationSummary(n);
  return (
    <li
      aria-label={`${said} on ${n.issue.key}`}
      aria-current={selected ? "true" : undefined}
      className={`group flex items-start gap-3 rounded-md px-3 py-3 ${selected ? "bg-neutral-100" : "hover:bg-neutral-50"}`}
      onMouseEnter={onSelect}
    >
      <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${unread ? "bg-brand-500" : "bg-transparent"}`} />
      {unread ? <span className="sr-only">Unread</span> : null}
      <button type="button" className="min-w-0 flex-1 text-left" onClick={onOpen}>
        <span className="block truncate text-sm text-neutral-900">
          <span className="font-mono text-xs text-neutral-500">{n.issue.key}</span> <span className={unread ? "font-semibold" : ""}>{n.issue.name}</span>
        </span>
        <span className="mt-0.5 block truncate text-sm text-neutral-600">
          {actor ? <span className="font-medium text-neutral-800">{actor}</span> : null} {notificationSummary(n)}
        </span>
        <span className="mt-0.5 block text-xs text-neutral-500">
          {n.project.name} · <TimeAgo iso={n.updated_at} />
        </span>
      </button>
      <div className="flex shrink-0 items-center gap-1">
        <button type="button" className={buttonClass("ghost", "sm")} onClick={() => onChange({ read: unread })}>
          {unread ? "Mark read" : "Mark unread"}
        </button>
        <Menu
          rootProps={{ positioning: { placement: "bottom-end" } }}
          triggerProps={{ className: buttonClass("ghost", "sm"), "aria-label": `Snooze ${n.issue.key}` }}
          trigger="Snooze"
          contentClassName="z-50 w-44"
          contentLabel="Snooze until"
        >
          {(M) => (
            <>
              {snoozeChoices().map((choice) => (
                <M.Item key={choice.label} value={choice.label} className={menuItemClass} onSelect={() => onChange({ snoozed_until: choice.until.toISOString() })}>
                  {choice.label}
                </M.Item>
              ))}
            </>
          )}
        </Menu>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={() => onChange({ archived: !archived })}>
          {archived ? "Unarchive" : "Archive"}
        </button>
      </div>
    </li>
  );
}
