// The command palette (Ctrl/Cmd+K): the workspace search and the app's commands in one list,
// built on cmdk (ADR 016) inside the app's dialog shell. Typing filters the commands at once and,
// after a pause, searches the workspace; sub-pages (a state, a priority, assignees, a theme) open
// in place, and Backspace on an empty input or Escape goes back from them. Loaded on first use.
import { Dialog } from "@ark-ui/react/dialog";
import { useFetcher, useNavigate, useParams, useRouteLoaderData } from "@remix-run/react";
import { Command } from "cmdk";
import { useEffect, useMemo, useState } from "react";
import { APPEARANCE_PATH, THEME_FETCHER_KEY } from "~/lib/appearance-contract";
import { HELP_LINKS } from "~/lib/help-links";
import { WORKSPACE_SETTINGS_SECTIONS, createWorkspacePath, workspaceSearchPath, workspaceSettingsPath } from "~/lib/paths";
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_GROUPS,
  type SearchAnswer,
  searchResultLabel,
  searchResultPath,
} from "~/lib/search-contract";
import { PRIORITIES } from "../../../workers/domain/schemas/constants";
import { THEME_OPTIONS, type ThemeName } from "../../../workers/domain/schemas/theme-palette";
import { DialogShell } from "../dialog";
import {
  IconCheck,
  IconCycle,
  IconExternal,
  IconGrid,
  IconIssues,
  IconLink,
  IconModule,
  IconPages,
  IconPlus,
  IconSearch,
  IconSettings,
  IconTrash,
  IconUser,
  IconViews,
} from "../icons";
import { PRIORITY_LABELS, type Priority, PriorityIcon, StateGroupIcon } from "../issue-icons";
import { Spinner } from "../ui";
import { PALETTE_MARKER } from "./command-center";
import { isApplePlatform, keyLabel } from "./shortcut-list";
import type { CreateKind, PaletteIssue } from "./types";

type SubPage = "state" | "priority" | "assignees" | "theme";

const SUB_PAGE_PLACEHOLDER: Record<SubPage, string> = {
  state: "Change state...",
  priority: "Change priority...",
  assignees: "Assign to...",
  theme: "Change interface theme...",
};

/** Search results always show (the server matched them); commands match every typed word. */
function filter(value: string, search: string, keywords?: string[]) {
  if (value.startsWith("result:")) return 1;
  const haystack = `${value} ${keywords?.join(" ") ?? ""}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term))
    ? 1
    : 0;
}

const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-neutral-800 select-none data-[selected=true]:bg-neutral-100 data-[disabled=true]:cursor-not-allowed data-[disabled=true]:text-neutral-500";
const groupClass =
  "[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-neutral-500";

function Shortcut({ keys }: { keys: string[] }) {
  const apple = useMemo(isApplePlatform, []);
  return (
    <span className="ml-auto flex shrink-0 gap-1" aria-hidden="true">
      {keys.map((key) => (
        <span key={key} className="rounded border border-neutral-200 bg-neutral-50 px-1.5 text-[11px] leading-5 text-neutral-600">
          {keyLabel(key, apple)}
        </span>
      ))}
    </span>
  );
}

function Item({
  value,
  keywords,
  onSelect,
  icon,
  children,
  shortcut,
  hint,
  disabled,
  checked,
}: {
  value: string;
  keywords?: string[];
  onSelect(): void;
  icon?: React.ReactNode;
  children: React.ReactNode;
  shortcut?: string[];
  hint?: string;
  disabled?: boolean;
  checked?: boolean;
}) {
  return (
    <Command.Item value={value} keywords={keywords} onSelect={onSelect} disabled={disabled} className={itemClass}>
      <span className="flex size-4 shrink-0 items-center justify-center text-neutral-500">{icon}</span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {hint ? <span className="shrink-0 text-xs text-neutral-500">{hint}</span> : null}
      {checked ? <IconCheck size={14} className="shrink-0 text-brand-600 dark:text-brand-400" aria-label="Selected" /> : null}
      {shortcut ? <Shortcut keys={shortcut} /> : null}
    </Command.Item>
  );
}

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

export default function CommandPalette({
  open,
  onOpenChange,
  workspaceSlug,
  creatable,
  openCreate,
  openShortcuts,
  issue,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceSlug: string;
  creatable: ReadonlySet<CreateKind>;
  openCreate(kind: CreateKind): void;
  openShortcuts(): void;
  issue: PaletteIssue | null;
}) {
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

  const inProject = Boolean(projectId);
  const resultGroups = results
    ? SEARCH_GROUPS.map((group) => ({ ...group, items: results[group.key] })).filter((group) => group.items.length > 0)
    : [];
  // When the search answers, its first result is highlighted.
  useEffect(() => {
    const first = results && SEARCH_GROUPS.find((group) => results[group.key].length > 0);
    if (results && first) setSelected(`result:${first.key}:${results[first.key][0].id}`);
  }, [results]);
  const isAssigned = issue ? assignees.includes(issue.viewerId) : false;

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

          {page === undefined ? (
            <>
              {resultGroups.map((group) => (
                <Command.Group key={group.key} heading={group.heading} className={groupClass}>
                  {group.items.map((item) => {
                    const label = searchResultLabel(group.key, item);
                    return (
                      <Item
                        key={item.id}
                        value={`result:${group.key}:${item.id}`}
                        onSelect={() => go(searchResultPath(group.key, item))}
                        icon={RESULT_ICONS[group.key]}
                      >
                        {label.key ? <span className="mr-2 text-xs text-neutral-500">{label.key}</span> : null}
                        {label.name}
                      </Item>
                    );
                  })}
                </Command.Group>
              ))}

              {issue ? (
                <Command.Group heading="Issue" className={groupClass}>
                  {issue.canEdit ? (
                    <>
                      <Item value="Change state..." keywords={["status"]} onSelect={() => openPage("state")} icon={<CurrentStateIcon issue={issue} />}>
                        Change state...
                      </Item>
                      <Item value="Change priority..." onSelect={() => openPage("priority")} icon={<PriorityIcon priority={issue.priority as Priority} />}>
                        Change priority...
                      </Item>
                      <Item value="Assign to..." keywords={["assignees", "people"]} onSelect={() => openPage("assignees")} icon={<IconUser size={14} />}>
                        Assign to...
                      </Item>
                      <Item
                        value={isAssigned ? "Un-assign from me" : "Assign to me"}
                        keywords={["assignee", "me"]}
                        onSelect={() =>
                          run(() =>
                            issue.update({
                              assignees_list: isAssigned
                                ? assignees.filter((id) => id !== issue.viewerId)
                                : [...assignees, issue.viewerId],
                            }),
                          )
                        }
                        icon={<IconUser size={14} />}
                      >
                        {isAssigned ? "Un-assign from me" : "Assign to me"}
                      </Item>
                      <Item value="Delete issue" keywords={["remove"]} onSelect={() => run(issue.requestDelete)} icon={<IconTrash size={14} />}>
                        Delete issue
                      </Item>
                    </>
                  ) : null}
                  <Item
                    value="Copy issue URL to clipboard"
                    keywords={["link"]}
                    onSelect={() => run(issue.copyUrl)}
                    icon={<IconLink size={14} />}
                    shortcut={["Mod", "Alt", "C"]}
                  >
                    Copy issue URL to clipboard
                  </Item>
                </Command.Group>
              ) : null}

              <Command.Group heading="Create" className={groupClass}>
                {inProject ? (
                  <>
                    <CreateItem kind="issue" label="Create new issue" keyHint="C" icon={<IconIssues size={14} />} {...{ creatable, openCreate, run }} />
                    <CreateItem kind="cycle" label="Create new cycle" keyHint="Q" icon={<IconCycle size={14} />} {...{ creatable, openCreate, run }} />
                    <CreateItem kind="module" label="Create new module" keyHint="M" icon={<IconModule size={14} />} {...{ creatable, openCreate, run }} />
                    <CreateItem kind="view" label="Create new view" keyHint="V" icon={<IconViews size={14} />} {...{ creatable, openCreate, run }} />
                    <CreateItem kind="page" label="Create new page" keyHint="D" icon={<IconPages size={14} />} {...{ creatable, openCreate, run }} />
                  </>
                ) : null}
                <CreateItem kind="project" label="Create new project" keyHint="P" icon={<IconGrid size={14} />} {...{ creatable, openCreate, run }} />
                <Item value="Create new workspace" onSelect={() => go(createWorkspacePath())} icon={<IconPlus size={14} />}>
                  Create new workspace
                </Item>
              </Command.Group>

              <Command.Group heading="Workspace settings" className={groupClass}>
                {WORKSPACE_SETTINGS_SECTIONS.map((setting) => (
                  <Item
                    key={setting.label}
                    value={`Search settings: ${setting.label}`}
                    keywords={["settings"]}
                    onSelect={() => go(workspaceSettingsPath(workspaceSlug, setting.to))}
                    icon={<IconSettings size={14} />}
                  >
                    {setting.label}
                  </Item>
                ))}
              </Command.Group>

              <Command.Group heading="Preferences" className={groupClass}>
                <Item value="Change interface theme..." keywords={["appearance", "dark", "light"]} onSelect={() => openPage("theme")} icon={<IconSettings size={14} />}>
                  Change interface theme...
                </Item>
              </Command.Group>

              <Command.Group heading="Help" className={groupClass}>
                <Item value="Open keyboard shortcuts" keywords={["help", "keys"]} onSelect={() => run(openShortcuts)} icon={<IconSearch size={14} />} shortcut={["H"]}>
                  Open keyboard shortcuts
                </Item>
                <Item value="Open documentation" keywords={["help", "docs"]} onSelect={() => external(HELP_LINKS.documentation)} icon={<IconExternal size={14} />}>
                  Open documentation
                </Item>
                <Item value="Join our community chat" keywords={["help"]} onSelect={() => external(HELP_LINKS.communityChat)} icon={<IconExternal size={14} />}>
                  Join our community chat
                </Item>
                <Item value="Report a bug" keywords={["help", "issue"]} onSelect={() => external(HELP_LINKS.reportBug)} icon={<IconExternal size={14} />}>
                  Report a bug
                </Item>
                <Item value="Chat with support" keywords={["help"]} onSelect={() => external(HELP_LINKS.support)} icon={<IconExternal size={14} />}>
                  Chat with support
                </Item>
              </Command.Group>
            </>
          ) : null}

          {page === "state" && issue ? (
            <Command.Group heading="States" className={groupClass}>
              {issue.states.map((state) => (
                <Item
                  key={state.id}
                  value={`${state.name} ${state.id}`}
                  onSelect={() => run(() => state.id !== issue.state && issue.update({ state: state.id }))}
                  icon={<StateGroupIcon group={state.group} color={state.color} />}
                  checked={state.id === issue.state}
                >
                  {state.name}
                </Item>
              ))}
            </Command.Group>
          ) : null}

          {page === "priority" && issue ? (
            <Command.Group heading="Priorities" className={groupClass}>
              {PRIORITIES.map((priority) => (
                <Item
                  key={priority}
                  value={PRIORITY_LABELS[priority as Priority]}
                  onSelect={() => run(() => priority !== issue.priority && issue.update({ priority }))}
                  icon={<PriorityIcon priority={priority} />}
                  checked={priority === issue.priority}
                >
                  {PRIORITY_LABELS[priority as Priority]}
                </Item>
              ))}
            </Command.Group>
          ) : null}

          {page === "assignees" && issue ? (
            <Command.Group heading="Members" className={groupClass}>
              {issue.members.map((member) => {
                const assigned = assignees.includes(member.id);
                return (
                  <Item
                    key={member.id}
                    value={`${member.name} ${member.id}`}
                    onSelect={() => {
                      const next = assigned ? assignees.filter((id) => id !== member.id) : [...assignees, member.id];
                      setAssignees(next);
                      issue.update({ assignees_list: next });
                    }}
                    icon={<IconUser size={14} />}
                    checked={assigned}
                  >
                    {member.name}
                  </Item>
                );
              })}
            </Command.Group>
          ) : null}

          {page === "theme" ? (
            <Command.Group heading="Themes" className={groupClass}>
              {THEME_OPTIONS.map((option) => (
                <Item
                  key={option.value}
                  value={option.label}
                  onSelect={() =>
                    option.value === "custom"
                      ? go(APPEARANCE_PATH)
                      : run(() => themeFetcher.submit({ intent: "preset", theme: option.value }, { method: "post", action: APPEARANCE_PATH }))
                  }
                  checked={option.value === theme}
                >
                  {option.label}
                </Item>
              ))}
            </Command.Group>
          ) : null}
        </Command.List>
      </Command>
    </DialogShell>
  );
}

/** The issue's state as its group icon in its colour. */
function CurrentStateIcon({ issue }: { issue: PaletteIssue }) {
  const state = issue.states.find((item) => item.id === issue.state);
  return <StateGroupIcon group={state?.group ?? "backlog"} color={state?.color ?? "#858e96"} />;
}

const RESULT_ICONS: Record<(typeof SEARCH_GROUPS)[number]["key"], React.ReactNode> = {
  workspace: <IconGrid size={14} />,
  project: <IconGrid size={14} />,
  issue: <IconIssues size={14} />,
  cycle: <IconCycle size={14} />,
  module: <IconModule size={14} />,
  issue_view: <IconViews size={14} />,
  page: <IconPages size={14} />,
};

/**
 * A create command: runs the dialog the page registered for `kind`; without one it is shown
 * disabled with why (`unavailable`), or not at all.
 */
function CreateItem({
  kind,
  label,
  keyHint,
  icon,
  unavailable,
  creatable,
  openCreate,
  run,
}: {
  kind: CreateKind;
  label: string;
  keyHint: string;
  icon: React.ReactNode;
  unavailable?: string;
  creatable: ReadonlySet<CreateKind>;
  openCreate(kind: CreateKind): void;
  run(action: () => void): void;
}) {
  const available = creatable.has(kind);
  if (!available && !unavailable) return null;
  return (
    <Item
      value={label}
      keywords={["new", "add", kind]}
      onSelect={() => run(() => openCreate(kind))}
      icon={icon}
      disabled={!available}
      hint={available ? undefined : unavailable}
      shortcut={available ? [keyHint] : undefined}
    >
      {label}
    </Item>
  );
}
