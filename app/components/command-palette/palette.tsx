// The command palette (Ctrl/Cmd+K): the workspace search and the app's commands in one list,
// built on cmdk (ADR 016) inside the app's dialog shell. Typing filters the commands at once and,
// after a pause, searches the workspace; sub-pages (a state, a priority, assignees, a theme) open
// in place, and Backspace on an empty input or Escape goes back from them. Loaded on first use.
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher, useNavigate, useParams, useRouteLoaderData } from "@remix-run/react";
import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { APPEARANCE_PATH, THEME_FETCHER_KEY } from "~/lib/appearance-contract";
import { workspaceSearchPath } from "~/lib/paths";
import { SEARCH_DEBOUNCE_MS, SEARCH_GROUPS, type SearchAnswer } from "~/lib/search-contract";
import type { ThemeName } from "../../../workers/domain/schemas/theme-palette";
import { DialogShell } from "../dialog";
import { IconSearch } from "../icons";
import { Spinner } from "../ui";
import { PALETTE_MARKER } from "./command-center";
import { filter } from "./palette-items";
import { type PaletteState, RootPage, type SubPage, SubPages } from "./palette-pages";
import type { PaletteHost } from "./types";

const SUB_PAGE_PLACEHOLDER: Record<SubPage, string> = {
  state: "Change state...",
  priority: "Change priority...",
  assignees: "Assign to...",
  theme: "Change interface theme...",
};

/** Searches the workspace for the typed text once typing pauses; answers only for the current text. */
function useWorkspaceSearch(workspaceSlug: string, query: string, enabled: boolean) {
  const fetcher = useFetcher<SearchAnswer>();
  const search = query.trim();
  const [waiting, setWaiting] = useState(false);
  const { load } = fetcher;
  useEffect(() => {
    if (!enabled || search === "") {
      setWaiting(false);
      return;
    }
    setWaiting(true);
    const timer = window.setTimeout(() => {
      setWaiting(false);
      void load(workspaceSearchPath(workspaceSlug, search));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, search, workspaceSlug, load]);
  const current = enabled && search !== "" && fetcher.data?.search.trim() === search ? fetcher.data.results : null;
  return { results: current, searching: enabled && search !== "" && (waiting || fetcher.state === "loading") };
}

export default function CommandPalette({ open, onOpenChange, host }: { open: boolean; onOpenChange(open: boolean): void; host: PaletteHost }) {
  const { workspaceSlug, issue } = host;
  const navigate = useNavigate();
  const { projectId } = useParams();
  // Outside the palette's content, so a theme still being saved is not dropped when it closes.
  const themeFetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const theme = (useRouteLoaderData("root") as { theme?: { name: ThemeName } } | undefined)?.theme?.name;
  const [query, setQuery] = useState("");
  const [pages, setPages] = useState<SubPage[]>([]);
  const page = pages.at(-1);
  const { results, searching } = useWorkspaceSearch(workspaceSlug, query, open && page === undefined);
  // Assignees toggled here show at once, before the page's data catches up.
  const [assignees, setAssignees] = useState<string[]>(issue?.assignees ?? []);
  useEffect(() => setAssignees(issue?.assignees ?? []), [issue?.assignees]);

  // The highlighted item. When the search answers, its first result is highlighted: the text was
  // typed to find something, and Enter should open it rather than a command that also matched.
  const [selected, setSelected] = useState("");
  const close = () => onOpenChange(false);
  // Each opening starts at the root with an empty input.
  useEffect(() => {
    if (!open) {
      setQuery("");
      setPages([]);
      setSelected("");
    }
  }, [open]);
  // A page starts with an empty input and its first item highlighted.
  const openPage = (next: SubPage) => {
    setPages((current) => [...current, next]);
    setQuery("");
    setSelected("");
  };
  const back = () => {
    setPages((current) => current.slice(0, -1));
    setQuery("");
    setSelected("");
  };
  const run = (action: () => void) => {
    close();
    action();
  };
  const go = (path: string) => run(() => navigate(path));
  const external = (url: string) => run(() => window.open(url, "_blank", "noopener,noreferrer"));
  const palette: PaletteState = {
    host,
    actions: { run, go, external, openPage },
    inProject: Boolean(projectId),
    assignees,
    setAssignees,
    theme,
    chooseTheme: (name: ThemeName) => themeFetcher.submit({ intent: "preset", theme: name }, { method: "post", action: APPEARANCE_PATH }),
  };

  const resultGroups = results
    ? SEARCH_GROUPS.map((group) => ({ ...group, items: results[group.key] })).filter((group) => group.items.length > 0)
    : [];
  // When the search answers, its first result is highlighted.
  useEffect(() => {
    const first = results && SEARCH_GROUPS.find((group) => results[group.key].length > 0);
    if (results && first) setSelected(`result:${first.key}:${results[first.key][0].id}`);
  }, [results]);

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      width="max-w-2xl"
      contentAttributes={{ [PALETTE_MARKER]: "" }}
      onEscapeKeyDown={(event) => {
        if (pages.length > 0) {
          event.preventDefault();
          back();
        }
      }}
    >
      <Dialog.Title className="sr-only">Command palette</Dialog.Title>
      {/* A new list per page: cmdk's selection and filter start afresh in a sub-page and back. */}
      <Command
        key={page ?? "root"}
        value={selected}
        onValueChange={setSelected}
        label="Command palette"
        filter={filter}
        loop
        vimBindings={false}
        onKeyDown={(event) => {
          // The dialog's own Escape handling starts an effect after the palette appears; an
          // Escape typed before that (a quick Ctrl+K, Escape) still goes back or closes.
          if (event.key === "Escape" && !event.defaultPrevented) {
            event.preventDefault();
            if (pages.length > 0) back();
            else close();
            return;
          }
          if (event.key === "Backspace" && query === "" && pages.length > 0) {
            event.preventDefault();
            back();
          }
        }}
      >
        {issue ? (
          <div className="px-4 pt-3">
            <span className="inline-flex max-w-full items-center gap-1.5 rounded-md bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
              <span className="shrink-0 font-medium">
                {issue.identifier}-{issue.sequence_id}
              </span>
              <span className="truncate">{issue.name}</span>
            </span>
          </div>
        ) : null}
        <div className="flex items-center gap-2.5 border-b border-neutral-200 px-4">
          <IconSearch size={16} className="shrink-0 text-neutral-500" />
          <Command.Input
            // Where typing goes, on each page (a page change remounts the list).
            autoFocus
            value={query}
            onValueChange={setQuery}
            placeholder={page ? SUB_PAGE_PLACEHOLDER[page] : "Type a command or search..."}
            className="h-12 min-w-0 flex-1 bg-transparent text-sm text-neutral-900 outline-none placeholder:text-neutral-500"
          />
          {searching ? <Spinner className="size-4 text-neutral-400" /> : null}
        </div>
        <Command.List className="max-h-[min(24rem,calc(100dvh-10rem))] scroll-py-2 overflow-y-auto p-2">
          <Command.Empty className="py-8 text-center text-sm text-neutral-500">
            {searching ? "Searching..." : "No results found."}
          </Command.Empty>

          {page === undefined ? <RootPage palette={palette} resultGroups={resultGroups} /> : <SubPages page={page} palette={palette} />}
        </Command.List>
      </Command>
    </DialogShell>
  );
}

