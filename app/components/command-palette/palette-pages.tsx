// What the palette lists: the root page (search results, the issue's commands when one is open,
// create, settings, preferences, help) and the sub-pages that pick a state, a priority, assignees
// or a theme.
import { Command } from "cmdk";
import { APPEARANCE_PATH } from "~/lib/appearance-contract";
import { holdIssueForOpening } from "~/lib/held-issue";
import { HELP_LINKS } from "~/lib/help-links";
import { WORKSPACE_SETTINGS_SECTIONS, createWorkspacePath, workspaceSettingsPath } from "~/lib/paths";
import { type SEARCH_GROUPS, type SearchAnswer, searchResultLabel, searchResultPath } from "~/lib/search-contract";
import { PRIORITIES } from "../../../workers/domain/schemas/constants";
import { THEME_OPTIONS, type ThemeName } from "../../../workers/domain/schemas/theme-palette";
import {
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
import { Item, groupClass } from "./palette-items";
import type { CreateKind, PaletteHost, PaletteIssue } from "./types";

export type SubPage = "state" | "priority" | "assignees" | "theme";

type ResultGroup = (typeof SEARCH_GROUPS)[number] & { items: NonNullable<SearchAnswer["results"]>[(typeof SEARCH_GROUPS)[number]["key"]] };

/** How a palette command acts: close and run, close and go, close and open a tab, open a sub-page. */
export interface PaletteActions {
  run(action: () => void): void;
  go(path: string): void;
  external(url: string): void;
  openPage(page: SubPage): void;
}

/** What every palette page reads: the host's page, how commands act, and the choices made here. */
export interface PaletteState {
  host: PaletteHost;
  actions: PaletteActions;
  inProject: boolean;
  /** The issue's assignees as toggled here (shown before the page's data catches up). */
  assignees: string[];
  setAssignees(ids: string[]): void;
  theme: ThemeName | undefined;
  chooseTheme(theme: ThemeName): void;
}

export function RootPage({ palette, resultGroups }: { palette: PaletteState; resultGroups: ResultGroup[] }) {
  const { actions, assignees, inProject } = palette;
  const { issue, workspaceSlug, creatable, openCreate, openShortcuts } = palette.host;
  const { run, go, external, openPage } = actions;
  const isAssigned = issue ? assignees.includes(issue.viewerId) : false;
  return (
    <>
      {resultGroups.map((group) => (
        <Command.Group key={group.key} heading={group.heading} className={groupClass}>
          {group.items.map((item) => {
            const label = searchResultLabel(group.key, item);
            return (
              <Item
                key={item.id}
                value={`result:${group.key}:${item.id}`}
                onSelect={() => {
                  // An issue opens on what the result shows (key and title) while its page is read.
                  const path = searchResultPath(group.key, item);
                  if (group.key === "issue" && label.key) holdIssueForOpening({ id: item.id, key: label.key, name: label.name, state: null }, path);
                  go(path);
                }}
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
  );
}

export function SubPages({ page, palette }: { page: SubPage; palette: PaletteState }) {
  const { actions, assignees, setAssignees, theme, chooseTheme } = palette;
  const { issue } = palette.host;
  const { run, go } = actions;
  return (
    <>
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
                  : run(() => chooseTheme(option.value))
              }
              checked={option.value === theme}
            >
              {option.label}
            </Item>
          ))}
        </Command.Group>
      ) : null}
    </>
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
