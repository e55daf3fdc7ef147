// The inbox: the person's notifications, newest change first, by tab; each row says who did what
// to which issue. A row opens its issue (and is marked read): on wide screens in a pane beside the
// list (the address remembers it as `?open=`), else on the issue's page. J/K move through the list
// (and, with the pane open, show each issue), Enter opens, Escape closes the pane, E archives,
// S snoozes, U marks read or unread. Changes show at once and are undone with a message if the
// server refuses them.
import { Link, useFetcher, useNavigate, useParams, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { IconDots } from "~/components/icons";
import { TimeAgo } from "~/components/issue-detail/format";
import { useToast } from "~/components/toast";
import { ShellHeader } from "~/components/shell-header";
import { useWorkspaceShell } from "~/components/workspace-context";
import { Menu, buttonClass, menuItemClass } from "~/components/ui";
import { useAction } from "~/hooks/use-action";
import { useShortcut } from "~/hooks/use-shortcut";
import type { InboxIntent, InboxNotification, InboxPageData } from "~/lib/inbox-contract";
import { issuePath } from "~/lib/paths";
import { IssuePane, PANE_MEDIA } from "./issue-pane";
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

/** 9:00 on the day `date` (YYYY-MM-DD) names, on the person's own clock: a snooze picked by date. */
function snoozeUntilDay(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(year, month - 1, day, 9);
}

/** The date field a snooze "until a date" is picked in, beneath its row; from tomorrow on. */
function SnoozeDateForm({ issueKey, onSnooze, onCancel }: { issueKey: string; onSnooze(until: Date): void; onCancel(): void }) {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  const min = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
  return (
    <form
      className="flex basis-full items-center gap-2 pl-5"
      onSubmit={(event) => {
        event.preventDefault();
        const value = new FormData(event.currentTarget).get("day");
        if (typeof value === "string" && value) onSnooze(snoozeUntilDay(value));
      }}
    >
      <input
        type="date"
        name="day"
        required
        min={min}
        aria-label={`Snooze ${issueKey} until`}
        // biome-ignore lint/a11y/noAutofocus: the person just asked to pick a date.
        autoFocus
        className="h-8 rounded-md border border-neutral-200 bg-surface px-2 text-sm text-neutral-800"
      />
      <button type="submit" className={buttonClass("primary", "sm")}>
        Snooze
      </button>
      <button type="button" className={buttonClass("ghost", "sm")} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** Narrows the inbox to one of the person's projects, or shows all of them. */
function ProjectFilter({ value, hrefFor }: { value: string; hrefFor(project: string): string }) {
  const navigate = useNavigate();
  const projects = useWorkspaceShell().projects.filter((project) => project.is_member);
  return (
    <select
      aria-label="Project"
      value={value}
      onChange={(event) => navigate(hrefFor(event.currentTarget.value))}
      className="h-8 rounded-md border border-neutral-200 bg-surface px-2 text-sm text-neutral-700"
    >
      <option value="">All projects</option>
      {projects.map((project) => (
        <option key={project.id} value={project.id}>
          {project.name}
        </option>
      ))}
    </select>
  );
}

function useInboxIntent() {
  const fetcher = useFetcher();
  useAction(fetcher);
  return (intent: InboxIntent) => fetcher.submit(intent, { method: "post", encType: "application/json" });
}

type NotificationPatch = { read?: boolean; archived?: boolean; snoozed_until?: string | null };

/** Stops following a notification's issue (nothing more about it reaches the inbox), and says so. */
function useUnsubscribe() {
  const fetcher = useFetcher();
  const toast = useToast();
  const asked = useRef("");
  useAction(fetcher, { onDone: () => toast.show({ type: "success", title: "Unsubscribed", message: `You will hear no more about ${asked.current}.` }) });
  return (n: InboxNotification) => {
    asked.current = n.issue.key;
    fetcher.submit({ intent: "unsubscribe", project: n.project.id, issue: n.issue.id } satisfies InboxIntent, { method: "post", encType: "application/json" });
  };
}

/**
 * The rows as the person sees them: the loader's, with what they did before the server's answer
 * came back. `change` shows a change at once, sends it, and says whether the row leaves the list.
 */
function useNotificationRows(data: InboxPageData) {
  const send = useInboxIntent();
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
  const show = data.filter.show;
  const change = (n: InboxNotification, patch: NotificationPatch) => {
    const now = new Date().toISOString();
    const leaves = (patch.archived !== undefined && show !== "archived") || (patch.snoozed_until !== undefined && show === "inbox");
    setOverrides((all) => ({
      ...all,
      [n.id]: { ...all[n.id], ...(patch.read !== undefined ? { read_at: patch.read ? now : null } : {}), ...(leaves ? { gone: true } : {}) },
    }));
    send({ intent: "update", id: n.id, ...patch });
    return leaves;
  };
  return { rows, change, send };
}

/** The address's parameter naming the notification open in the pane. */
export const OPEN_PARAM = "open";

/**
 * The selected row, and the notification open in the pane: the row `?open=` names, or, once that
 * row has left the list (archived, snoozed in another tab), the one last shown. Opening marks read.
 * While the pane is open the selection is the open row and follows J/K, not the mouse.
 */
function useSelection(rows: InboxNotification[], markRead: (n: InboxNotification) => void) {
  const slug = useParams().workspaceSlug ?? "";
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get(OPEN_PARAM);
  const [pinned, setPinned] = useState<InboxNotification | null>(null);
  const [selected, setSelected] = useState(0);
  const openIndex = openId ? rows.findIndex((n) => n.id === openId) : -1;
  const shown = openIndex >= 0 ? rows[openIndex] : pinned && pinned.id === openId ? pinned : null;
  const index = openIndex >= 0 ? openIndex : Math.min(selected, rows.length - 1);

  const setOpen = (id: string | null, replace: boolean) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (id) next.set(OPEN_PARAM, id);
        else next.delete(OPEN_PARAM);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  // Read is marked once the pane shows the issue (`shownRead`): a write now would reload the page's
  // data while the app may still be learning the issue's route, which fails the pane's read.
  const show = (n: InboxNotification, replace: boolean) => {
    setPinned(n);
    if (n.id !== openId) setOpen(n.id, replace);
  };
  const close = () => {
    setSelected(index);
    setPinned(null);
    if (openId) setOpen(null, false);
  };
  return {
    current: rows[index] as InboxNotification | undefined,
    shown,
    close,
    shownRead() {
      if (shown) markRead(shown);
    },
    /** Enter or a click: beside the list on wide screens, else the issue's page. */
    open(n: InboxNotification) {
      if (window.matchMedia(PANE_MEDIA).matches) return show(n, false);
      markRead(n);
      navigate(issuePath(slug, n.project.id, n.issue.id));
    },
    /** J/K: the next or previous row; the pane, when open, shows its issue. */
    move(step: number) {
      const next = Math.max(0, Math.min(index + step, rows.length - 1));
      setSelected(next);
      if (shown && rows[next]) show(rows[next], true);
    },
    hover(at: number) {
      if (!shown) setSelected(at);
    },
    /** The open row is leaving the list: the pane shows its neighbour, or closes. */
    leaving(n: InboxNotification) {
      if (n.id !== shown?.id) return;
      const at = rows.findIndex((row) => row.id === n.id);
      const neighbour = rows[at + 1] ?? rows[at - 1];
      if (neighbour && at >= 0) show(neighbour, true);
      else close();
    },
  };
}

/** Escape closes the pane (not while typing, nor from a menu or list that Escape closes first). */
function CloseOnEscape({ onClose }: { onClose(): void }) {
  useShortcut({ key: "escape" }, (event) => {
    if (event.target instanceof HTMLElement && event.target.closest("[role=menu], [role=listbox]")) return;
    onClose();
  });
  return null;
}

/** Enter opens the selected row, unless a control has focus: then Enter is that control's press. */
function useEnterOpens(openCurrent: () => void) {
  const latest = useRef(openCurrent);
  latest.current = openCurrent;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
      if (event.target instanceof HTMLElement && event.target.closest("button, a, input, textarea, select, [contenteditable], [role=dialog], [role=menu]")) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

export function InboxPage({ data }: { data: InboxPageData }) {
  const slug = useParams().workspaceSlug ?? "";
  const { rows, change, send } = useNotificationRows(data);
  const pane = useSelection(rows, (n) => {
    if (!n.read_at) change(n, { read: true });
  });
  const { current, shown } = pane;
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
  const unsubscribe = useUnsubscribe();
  const act = (n: InboxNotification, patch: NotificationPatch) => {
    if (change(n, patch)) pane.leaving(n);
  };

  useShortcut({ key: "j" }, () => pane.move(1));
  useShortcut({ key: "k" }, () => pane.move(-1));
  useEnterOpens(() => current && pane.open(current));
  useShortcut({ key: "e" }, () => current && act(current, { archived: show !== "archived" }));
  useShortcut({ key: "u" }, () => current && act(current, { read: !current.read_at }));
  useShortcut({ key: "s" }, () => current && act(current, { snoozed_until: snoozeChoices()[0].until.toISOString() }));

  return (
    <>
    <ShellHeader breadcrumbs={[{ label: "Inbox" }]} />
    <div className={shown ? "lg:flex" : ""}>
    <div
      className={
        shown
          ? "w-full px-4 py-6 sm:px-6 lg:sticky lg:top-14 lg:h-[calc(100vh-3.5rem)] lg:w-[24rem] lg:shrink-0 lg:overflow-y-auto"
          : "mx-auto w-full max-w-4xl px-4 py-6 sm:px-8"
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">Inbox</h1>
        <div className="flex flex-wrap items-center gap-2">
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
          <ProjectFilter value={data.filter.project ?? ""} hrefFor={(project) => query({ project: project || undefined })} />
          {show === "inbox" ? (
            <button type="button" className={buttonClass("secondary", "sm", "whitespace-nowrap")} onClick={() => send({ intent: "mark-all-read" })}>
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
              compact={Boolean(shown)}
              onSelect={() => pane.hover(index)}
              onOpen={() => pane.open(n)}
              onChange={(patch) => act(n, patch)}
              onUnsubscribe={() => unsubscribe(n)}
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
      <p className="mt-6 text-xs text-neutral-500">
        J / K to move · Enter to open{shown ? " · Esc to close" : ""} · E to archive · S to snooze an hour · U for read / unread
      </p>
    </div>
    {shown ? (
      <>
        <IssuePane slug={slug} notification={shown} onShown={pane.shownRead} onClose={pane.close} />
        <CloseOnEscape onClose={pane.close} />
      </>
    ) : null}
    </div>
    </>
  );
}

function NotificationRow(props: {
  notification: InboxNotification;
  selected: boolean;
  archived: boolean;
  /** Beside the open pane the list is narrow: a row's buttons show on hover and focus only. */
  compact: boolean;
  onSelect(): void;
  onOpen(): void;
  onChange(patch: NotificationPatch): void;
  onUnsubscribe(): void;
}) {
  const { notification: n, selected, archived, compact, onSelect, onOpen, onChange, onUnsubscribe } = props;
  const slug = useParams().workspaceSlug ?? "";
  const [pickingDate, setPickingDate] = useState(false);
  const unread = !n.read_at;
  const actor = n.actor ? n.actor.first_name || n.actor.display_name || n.actor.email : null;
  const said = actor ? `${actor} ${notificationSummary(n)}` : notificationSummary(n);
  return (
    <li
      aria-label={`${said} on ${n.issue.key}`}
      aria-current={selected ? "true" : undefined}
      className={`group flex flex-wrap items-start gap-3 rounded-md px-3 py-3 ${selected ? "bg-neutral-100" : "hover:bg-neutral-50"}`}
      onMouseEnter={onSelect}
    >
      <span aria-hidden="true" className={`mt-2 size-2 shrink-0 rounded-full ${unread ? "bg-brand-500" : "bg-transparent"}`} />
      {unread ? <span className="sr-only">Unread</span> : null}
      {/* A link to the issue's page (a new tab with Ctrl/Cmd or the middle button; and the app learns
          the issue route before the pane asks for its data); a plain click opens it here. */}
      <Link
        to={issuePath(slug, n.project.id, n.issue.id)}
        className="min-w-0 flex-1 text-left"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen();
        }}
      >
        <span className="block truncate text-sm text-neutral-900">
          <span className="font-mono text-xs text-neutral-500">{n.issue.key}</span> <span className={unread ? "font-semibold" : ""}>{n.issue.name}</span>
        </span>
        <span className="mt-0.5 block truncate text-sm text-neutral-600">
          {actor ? <span className="font-medium text-neutral-800">{actor}</span> : null} {notificationSummary(n)}
        </span>
        <span className="mt-0.5 block text-xs text-neutral-500">
          {n.project.name} · <TimeAgo iso={n.updated_at} />
        </span>
      </Link>
      <div
        className={`shrink-0 items-center gap-1 ${compact ? "hidden group-focus-within:flex group-hover:flex has-[[aria-expanded=true]]:flex" : "flex"}`}
      >
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
              <M.Item value="date" className={menuItemClass} onSelect={() => setPickingDate(true)}>
                Until a date…
              </M.Item>
            </>
          )}
        </Menu>
        <button type="button" className={buttonClass("ghost", "sm")} onClick={() => onChange({ archived: !archived })}>
          {archived ? "Unarchive" : "Archive"}
        </button>
        <Menu
          rootProps={{ positioning: { placement: "bottom-end" } }}
          triggerProps={{ className: buttonClass("ghost", "sm"), "aria-label": `More for ${n.issue.key}` }}
          trigger={<IconDots size={14} />}
          contentClassName="z-50 w-56"
          contentLabel={`More for ${n.issue.key}`}
        >
          {(M) => (
            <M.Item value="unsubscribe" className={menuItemClass} onSelect={onUnsubscribe}>
              Unsubscribe from {n.issue.key}
            </M.Item>
          )}
        </Menu>
      </div>
      {pickingDate ? (
        <SnoozeDateForm
          issueKey={n.issue.key}
          onCancel={() => setPickingDate(false)}
          onSnooze={(until) => {
            setPickingDate(false);
            onChange({ snoozed_until: until.toISOString() });
          }}
        />
      ) : null}
    </li>
  );
}
