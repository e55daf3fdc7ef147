// A page: its title (editable), its blocks in order, each a name and a rich description, and
// the quick-add row. A block opens for editing on a click (Escape or Cancel closes it, Ctrl/Cmd+
// Enter saves, the save button waits for a title); it can be deleted or turned into an issue of
// the project, after which it links to that issue, shows the issue's state as it changes on the
// live board, and (while sync is on) passes its edits on to the issue.
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { type RefObject, useContext, useEffect, useRef, useState } from "react";
import {
  BLOCK_CONVERTED,
  BLOCK_CONVERT_FAILED,
  BLOCK_UPDATED,
  BLOCK_UPDATE_FAILED,
  PAGE_TITLE_MAX,
  PAGE_UPDATE_FAILED,
} from "../../../workers/domain/schemas/pages";
import { TITLE_REQUIRED } from "../../../workers/domain/schemas/common";
import { BoardHubContext } from "~/hooks/use-live-issues";
import { useLiveLoaderData } from "~/hooks/use-live-screen";
import { isNotice, pageConcern } from "~/lib/live-board";
import type { PageBlockDetail, PageDetailData, PageDetailIntent, PageDetailScreenData, PagesAnswer } from "~/lib/pages-contract";
import { isNewPageState, issuePath } from "~/lib/paths";
import { ConfirmDeleteDialog } from "../dialog";
import { EMPTY_HTML, RichText, type RichTextHandle, StaticRichText, preloadEditor } from "../editor";
import { IconIssues, IconPencil, IconPlus, IconTrash } from "../icons";
import { useAction, useActionWatchers } from "~/hooks/use-action";
import { PageToggles, type WatchPageAnswer } from "./page-toggles";
import { AiAssistantButton, AiDescriptionButton, textOfHtml } from "../ai/ai-assistant";
import { useServiceFeatures } from "../workspace-context";
import { useToast } from "../toast";
import { FieldError, Spinner, buttonClass, inputClass } from "../ui";

const iconButton =
  "inline-flex h-7 shrink-0 items-center justify-center gap-1 rounded px-1.5 text-xs text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 disabled:cursor-not-allowed disabled:opacity-50";

const json = { method: "post", encType: "application/json" } as const;

/** A linked issue's state and name as the live board last told them (issue id to row fields). */
type LiveIssue = { state: string | null; name: string };

/**
 * The linked issues' state and name, kept current from the project's live board: an issue
 * change is placed here, anything else (a state renamed, a reset) lets the shell reload the page.
 */
function useLiveLinkedIssues(blocks: PageBlockDetail[]) {
  const hub = useContext(BoardHubContext);
  const [live, setLive] = useState<Map<string, LiveIssue>>(() => new Map());
  const linked = useRef(new Set<string>());
  linked.current = new Set(blocks.flatMap((block) => (block.issue ? [block.issue.id] : [])));
  // Fresh loader data holds the newest rows: the live layer starts over from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the loaded blocks change, only.
  useEffect(() => setLive(new Map()), [blocks]);
  useEffect(() => {
    if (!hub) return;
    return hub.subscribe({
      changes(changes) {
        const updates: [string, LiveIssue][] = [];
        for (const change of changes) {
          if (isNotice(change)) continue;
          if (change.kind !== "issue") return false;
          if (!linked.current.has(change.id)) continue;
          // A linked issue deleted: the block's link goes; the loader knows how it reads now.
          if (change.op === "delete") return false;
          const state = change.row.state;
          const name = change.row.name;
          if (typeof name !== "string" || (state !== null && typeof state !== "string")) return false;
          updates.push([change.id, { state: state as string | null, name }]);
        }
        if (updates.length) {
          setLive((current) => {
            const next = new Map(current);
            for (const [id, issue] of updates) next.set(id, issue);
            return next;
          });
        }
        return true;
      },
      reset() {},
    });
  }, [hub]);
  return live;
}

function PageTitle({ name, canEdit }: { name: string; canEdit: boolean }) {
  const fetcher = useFetcher<PagesAnswer>();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  // Someone else's rename (live board) shows unless this person is typing a title.
  useEffect(() => {
    if (!focused && fetcher.state === "idle") setValue(name);
  }, [name, focused, fetcher.state]);
  // A refused title is told under it; anything else is the generic failure. Either way the stored title comes back.
  useAction(fetcher, {
    onFields: (fields) => setError(fields.name?.[0] ?? PAGE_UPDATE_FAILED),
    message: () => PAGE_UPDATE_FAILED,
    onError: () => setValue(name),
  });
  if (!canEdit) return <h1 className="text-2xl font-semibold break-words text-neutral-900">{name}</h1>;
  const save = () => {
    const trimmed = value.trim();
    if (trimmed === name) return;
    if (!trimmed) {
      setError(TITLE_REQUIRED);
      setValue(name);
      return;
    }
    setError(null);
    fetcher.submit({ intent: "rename-page", name: trimmed } satisfies PageDetailIntent, json);
  };
  return (
    <div>
      <h1 className="sr-only">{name}</h1>
      <input
        aria-label="Page title"
        value={value}
        maxLength={PAGE_TITLE_MAX}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          save();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === "Escape") {
            setValue(name);
            setError(null);
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "page-title-error" : undefined}
        className="-mx-2 w-full rounded-md border border-transparent bg-transparent px-2 py-1 text-2xl font-semibold text-neutral-900 hover:border-neutral-200 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none"
      />
      <FieldError id="page-title-error" errors={error ? [error] : null} />
    </div>
  );
}

/** A block open for editing: its title and description, saved with the button or Ctrl/Cmd+Enter. */
function BlockEditor({
  block,
  slug,
  projectId,
  identifier,
  pending,
  error,
  onSave,
  onCancel,
}: {
  block: PageBlockDetail;
  slug: string;
  projectId: string;
  /** The project's identifier: typing it and a hyphen offers the project's issues. */
  identifier: string;
  pending: boolean;
  error: string | null;
  onSave(name: string, description: { json: Record<string, unknown> | null; html: string }): void;
  onCancel(): void;
}) {
  const [name, setName] = useState(block.name);
  const editor = useRef<RichTextHandle | null>(null);
  const ai = useServiceFeatures().ai;
  const blank = name.trim() === "";
  const submit = () => {
    if (blank || pending) return;
    const value = editor.current?.value();
    onSave(name.trim(), value ? { json: value.json, html: value.empty ? EMPTY_HTML : value.html } : { json: null, html: block.description_html });
  };
  return (
    <form
      aria-label={`Edit block ${block.name}`}
      className="space-y-2 rounded-lg border border-brand-300 bg-surface p-3 shadow-sm dark:border-brand-700"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        // The editor's own popups (mentions, links) take Escape first and stop it there.
        if (event.key === "Escape" && !event.nativeEvent.defaultPrevented) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <input
        aria-label="Block title"
        value={name}
        maxLength={PAGE_TITLE_MAX}
        placeholder="Title"
        // biome-ignore lint/a11y/noAutofocus: the block opened to be edited.
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            submit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `block-error-${block.id}` : undefined}
        className="w-full rounded-md border border-transparent bg-transparent px-1 py-1 text-base font-medium text-neutral-900 focus:border-neutral-300 focus:outline-none"
      />
      <FieldError id={`block-error-${block.id}`} errors={error ? [error] : null} />
      <div className="min-h-24 rounded-md border border-neutral-200 px-3 py-2">
        <RichText
          ariaLabel="Block description"
          initialHtml={block.description_html}
          placeholder="Write something..."
          handleRef={editor}
          issueSearch={{ workspaceSlug: slug, projectId, identifier }}
          onSubmit={submit}
          toolbar="focus"
          contentClassName="min-h-16"
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {ai ? (
          <div className="mr-auto flex items-center gap-1">
            <AiDescriptionButton
              slug={slug}
              projectId={projectId}
              title={name}
              of="block"
              onGenerated={(html) => editor.current?.insertHtml(html, "document")}
            />
            <AiAssistantButton
              slug={slug}
              projectId={projectId}
              prompt={() => textOfHtml(editor.current?.value().html ?? "")}
              onUse={(html) => editor.current?.insertHtml(html, "selection")}
              align="start"
            />
          </div>
        ) : null}
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonClass("primary", "sm")} disabled={blank || pending}>
          {pending ? <Spinner className="size-3.5" /> : null}
          {pending ? "Updating..." : "Update block"}
        </button>
      </div>
    </form>
  );
}

function LinkedIssue({
  block,
  live,
  data,
  slug,
}: {
  block: PageBlockDetail;
  live: LiveIssue | undefined;
  data: PageDetailData;
  slug: string;
}) {
  const issue = block.issue;
  if (!issue) return null;
  const stateId = live ? live.state : issue.state;
  const state = data.states.find((candidate) => candidate.id === stateId);
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      <Link
        to={issuePath(slug, data.project.id, issue.id)}
        className="inline-flex items-center gap-1 rounded border border-neutral-200 px-1.5 py-0.5 text-xs font-medium text-neutral-700 hover:border-neutral-300 hover:text-neutral-900"
        title={live?.name ?? issue.name}
      >
        <IconIssues size={12} />
        {data.project.identifier}-{issue.sequence_id}
      </Link>
      {state ? (
        <span data-testid="linked-issue-state" className="inline-flex items-center gap-1 truncate text-xs text-neutral-600">
          <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: state.color }} aria-hidden="true" />
          {state.name}
        </span>
      ) : null}
    </span>
  );
}

/** What a block row asks of the page: its editing state and the watcher of its answers. */
interface BlockControls {
  canEdit: boolean;
  editing: boolean;
  error: string | null;
  onEdit(): void;
  onClose(): void;
  onDelete(): void;
  /** Reports the block's title message from a refused edit (null clears it). */
  onError(message: string | null): void;
  watch: WatchPageAnswer;
}

function BlockItem({
  block,
  live,
  data,
  slug,
  controls,
}: {
  block: PageBlockDetail;
  live: LiveIssue | undefined;
  data: PageDetailData;
  slug: string;
  controls: BlockControls;
}) {
  const toast = useToast();
  const { canEdit, editing, error, onEdit, onClose, onDelete, onError, watch } = controls;
  // Keyed, and answered through the page's watchers: the block may be gone when they answer.
  const keys = { update: `block-update-${block.id}`, sync: `block-sync-${block.id}`, convert: `block-convert-${block.id}` };
  const update = useFetcher<PagesAnswer>({ key: keys.update });
  const sync = useFetcher<PagesAnswer>({ key: keys.sync });
  const convert = useFetcher<PagesAnswer>({ key: keys.convert });
  const pendingSync = sync.state !== "idle" ? (sync.json as { sync?: boolean } | undefined)?.sync : undefined;
  const syncOn = pendingSync ?? block.sync;
  const syncing = update.state !== "idle" || sync.state !== "idle";

  if (editing) {
    return (
      <li>
        <BlockEditor
          block={block}
          slug={slug}
          projectId={data.project.id}
          identifier={data.project.identifier}
          pending={update.state !== "idle"}
          error={error}
          onCancel={() => {
            onError(null);
            onClose();
          }}
          onSave={(name, description) => {
            onError(null);
            watch(keys.update, {
              onDone: () => {
                toast.show({ type: "success", title: "Success!", message: BLOCK_UPDATED });
                onClose();
              },
              onFields: (fields) => onError(fields.name?.[0] ?? BLOCK_UPDATE_FAILED),
              message: () => BLOCK_UPDATE_FAILED,
            });
            const intent: PageDetailIntent = {
              intent: "update-block",
              block_id: block.id,
              name,
              description: description.json,
              description_html: description.html,
            };
            // The editor's document is plain JSON (ProseMirror's toJSON), whatever its static type says.
            update.submit(intent as unknown as Parameters<typeof update.submit>[0], json);
          }}
        />
      </li>
    );
  }

  return (
    <li data-testid="page-block" className="group rounded-lg border border-transparent px-3 py-2 hover:border-neutral-200 hover:bg-surface">
      <div className="flex items-start gap-2">
        {/* A click on the block opens it (its links still follow); the pencil does the same by keyboard. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the Edit button beside it is the keyboard way in. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a click anywhere on the text is a shortcut for Edit. */}
        <div
          className={`min-w-0 flex-1 ${canEdit ? "cursor-text" : ""}`}
          onMouseEnter={canEdit ? preloadEditor : undefined}
          onClick={(event) => {
            if (!canEdit || (event.target as HTMLElement).closest("a, button")) return;
            onEdit();
          }}
        >
          <h3 className="text-base font-semibold break-words text-neutral-900">{block.name}</h3>
          <StaticRichText html={block.description_html} className="mt-0.5" />
        </div>
        {canEdit ? (
          <div className="flex shrink-0 items-center gap-0.5">
            <button type="button" className={iconButton} aria-label={`Edit block ${block.name}`} onClick={onEdit}>
              <IconPencil size={14} />
            </button>
            {block.issue ? null : (
              <button
                type="button"
                className={iconButton}
                disabled={convert.state !== "idle"}
                aria-label={`Convert ${block.name} to an issue`}
                onClick={() => {
                  watch(keys.convert, {
                    onDone: () => toast.show({ type: "success", title: "Success!", message: BLOCK_CONVERTED }),
                    message: () => BLOCK_CONVERT_FAILED,
                  });
                  convert.submit({ intent: "convert-block", block_id: block.id } satisfies PageDetailIntent, json);
                }}
              >
                {convert.state !== "idle" ? <Spinner className="size-3.5" /> : <IconIssues size={14} />}
                <span className="hidden sm:inline">Convert to issue</span>
              </button>
            )}
            <button type="button" className={iconButton} aria-label={`Delete block ${block.name}`} onClick={onDelete}>
              <IconTrash size={14} />
            </button>
          </div>
        ) : null}
      </div>
      {block.issue ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          <LinkedIssue block={block} live={block.issue ? live : undefined} data={data} slug={slug} />
          {canEdit ? (
            <span className="inline-flex items-center gap-2 text-xs text-neutral-600">
              <button
                type="button"
                role="switch"
                aria-checked={syncOn}
                aria-label="Sync with issue"
                onClick={() => {
                  watch(keys.sync, { message: () => BLOCK_UPDATE_FAILED });
                  sync.submit({ intent: "set-block-sync", block_id: block.id, sync: !syncOn } satisfies PageDetailIntent, json);
                }}
                className={`relative inline-flex h-4 w-7 shrink-0 items-center rounded-full transition-colors ${
                  syncOn ? "bg-brand-600" : "bg-neutral-300"
                }`}
              >
                <span
                  className={`inline-block size-3 rounded-full bg-white shadow transition-transform ${syncOn ? "translate-x-3.5" : "translate-x-0.5"}`}
                />
              </button>
              <span aria-live="polite">{syncOn ? (syncing ? "Syncing..." : "Synced") : "Sync off"}</span>
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The last row: a block's title; Enter adds it, Shift+Enter and Ctrl/Cmd+Enter do nothing. A page
 * just created opens with the focus here, to type its first block.
 */
function QuickAddBlock() {
  const fetcher = useFetcher<PagesAnswer>();
  const location = useLocation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // On each arrival: leaving one page for a new one may keep this row mounted.
  useEffect(() => {
    if (isNewPageState(location.state)) input.current?.focus();
  }, [location.state]);
  useAction(fetcher, {
    onDone: () => {
      setName("");
      input.current?.focus();
    },
    // A refused title is told under the input; anything else is the generic failure.
    message: () => "Block could not be created. Please try again.",
    onError: (failure) => {
      if (failure.kind === "Invalid") setError(failure.fields?.name?.[0] ?? failure.error);
    },
  });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      className="flex items-start gap-2 px-3"
      onSubmit={(event) => {
        if (!name.trim() || pending) event.preventDefault();
        setError(null);
      }}
    >
      <span className="mt-2 text-neutral-400">
        {pending ? <Spinner className="size-4" /> : <IconPlus size={16} />}
      </span>
      <div className="min-w-0 flex-1">
        <input
          ref={input}
          name="name"
          aria-label="New block title"
          placeholder="Add a block..."
          autoComplete="off"
          value={name}
          maxLength={PAGE_TITLE_MAX}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            // Only a plain Enter adds the block.
            if (event.key === "Enter" && (event.shiftKey || event.ctrlKey || event.metaKey)) event.preventDefault();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "quick-add-error" : undefined}
          className={inputClass}
        />
        <FieldError id="quick-add-error" errors={error ? [error] : null} />
      </div>
    </fetcher.Form>
  );
}

/** Whether the person is typing on the page: a block open for editing, or focus in a text field. */
function useTypingOn(root: RefObject<HTMLElement | null>, editing: string | null) {
  const open = useRef(editing);
  open.current = editing;
  return useRef(() => {
    const focused = document.activeElement;
    const inField = !!focused && !!root.current?.contains(focused) && focused.matches("input, textarea, [contenteditable='true']");
    return open.current !== null || inField;
  }).current;
}

export function PageDetail({ data: loaded, slug, canEdit }: { data: PageDetailScreenData; slug: string; canEdit: boolean }) {
  const root = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const typing = useTypingOn(root, editing);
  // Blocks others add, edit, convert or delete show live; the viewer's own echoes wait while they type.
  const data = useLiveLoaderData(loaded, (shown) => pageConcern(shown.page.id, shown.me, typing));
  const live = useLiveLinkedIssues(data.blocks);
  const [deleting, setDeleting] = useState<PageBlockDetail | null>(null);
  const [blockError, setBlockError] = useState<{ id: string; message: string } | null>(null);
  const { watch, watchers } = useActionWatchers<PagesAnswer>();
  const deleteFetcher = useFetcher<PagesAnswer>();
  const closeDelete = () => setDeleting(null);
  useAction(deleteFetcher, { onDone: closeDelete, onError: closeDelete, message: () => "Block could not be deleted. Please try again." });
  return (
    <div ref={root} className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <PageTitle name={data.page.name} canEdit={canEdit} />
        </div>
        <div className="mt-1.5 flex shrink-0 items-center gap-0.5 pr-2">
          <PageToggles page={data.page} slug={slug} projectId={data.project.id} me={data.me} watch={watch} />
        </div>
      </div>
      <ol aria-label="Blocks" className="mt-5 space-y-1">
        {data.blocks.map((block) => (
          <BlockItem
            key={block.id}
            block={block}
            live={block.issue ? live.get(block.issue.id) : undefined}
            data={data}
            slug={slug}
            controls={{
              canEdit,
              editing: editing === block.id,
              error: blockError?.id === block.id ? blockError.message : null,
              onEdit: () => setEditing(block.id),
              onClose: () => setEditing((current) => (current === block.id ? null : current)),
              onDelete: () => setDeleting(block),
              onError: (message) => setBlockError(message === null ? null : { id: block.id, message }),
              watch,
            }}
          />
        ))}
      </ol>
      {data.blocks.length === 0 ? <p className="mt-2 px-3 text-sm text-neutral-500">This page has no blocks yet.</p> : null}
      {canEdit ? (
        <div className="mt-3">
          <QuickAddBlock />
        </div>
      ) : null}
      {watchers}
      <ConfirmDeleteDialog
        kind="block"
        target={deleting}
        onClose={() => setDeleting(null)}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={(target) => deleteFetcher.submit({ intent: "delete-block", block_id: target.id } satisfies PageDetailIntent, json)}
      />
    </div>
  );
}
