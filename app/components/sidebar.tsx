// The workspace sidebar: 17rem wide, collapsible to icons (button and
// Ctrl/Cmd+B), off-canvas on small screens; Favorites and Projects sections; each project expands
// to its pages, the optional ones only when the project turned them on.
import { Form, Link, useLocation, useParams } from "@remix-run/react";
import { type ComponentProps, useEffect, useId, useState } from "react";
import { APPEARANCE_PATH } from "~/lib/appearance-contract";
import { cycleIssuesPath, inboxPath, isCurrentPath, moduleIssuesPath, myWorkPath, pagePath, projectPath, viewIssuesPath, workspaceSettingsPath } from "~/lib/paths";
import type { SidebarFavorite } from "../../workers/domain/schemas/responses";
import { AccountMenu } from "./account-menu";
import {
  IconChevronDown,
  IconChevronRight,
  IconChevronUpDown,
  IconCycle,
  IconGrid,
  IconInbox,
  IconIssues,
  IconLogout,
  IconMail,
  IconModule,
  IconPages,
  IconPanelLeft,
  IconPlus,
  IconSettings,
  IconUser,
  IconViews,
} from "./icons";
import { ProjectIcon } from "./project-icon";
import { ClientLink, Menu, menuItemClass, menuLinkItems, menuSeparatorClass, truncate } from "./ui";
import type { ShellProject } from "./workspace-context";
import { toggled } from "~/lib/sets";

export const SIDEBAR_NAME_MAX = 20;

interface SidebarProps {
  workspace: { name: string; slug: string; logo?: string };
  workspaces: { id: string; name: string; slug: string; logo?: string }[];
  projects: ShellProject[];
  /** The user's favourites inside projects (favourite projects are marked on `projects`). */
  favorites: SidebarFavorite[];
  user: { name: string; email: string; avatar?: string | null };
  /** The person's unread notifications in the workspace (the Inbox entry's count). */
  unread: number;
  collapsed: boolean;
  mobileOpen: boolean;
  onToggleCollapsed(): void;
  onCloseMobile(): void;
  onCreateProject(): void;
}

function projectLinks(project: ShellProject) {
  return [
    { to: "issues", label: "Issues", icon: IconIssues, show: true },
    { to: "cycles", label: "Cycles", icon: IconCycle, show: project.cycle_view },
    { to: "modules", label: "Modules", icon: IconModule, show: project.module_view },
    { to: "views", label: "Views", icon: IconViews, show: project.issue_views_view },
    { to: "pages", label: "Pages", icon: IconPages, show: project.page_view },
    { to: "settings", label: "Settings", icon: IconSettings, show: true },
  ].filter((link) => link.show);
}

/**
 * A sidebar entry: a plain link marked as the current page (aria-current) when the page shown is
 * it or one under it, as NavLink marks itself (`end`: only the page itself). The sidebar reads the
 * location once and draws a few links per project on every page; NavLink would resolve and match
 * each one on its own.
 */
function SideLink({
  to,
  pathname,
  end = false,
  className,
  ...rest
}: Omit<ComponentProps<typeof ClientLink>, "className"> & { pathname: string; end?: boolean; className(active: boolean): string }) {
  const active = isCurrentPath(pathname, to, end);
  return <ClientLink to={to} aria-current={active ? "page" : undefined} className={className(active)} {...rest} />;
}

/** Where each kind of favourite leads, and its icon. */
const FAVORITE_KINDS = {
  cycle: { icon: IconCycle, path: cycleIssuesPath },
  module: { icon: IconModule, path: moduleIssuesPath },
  view: { icon: IconViews, path: viewIssuesPath },
  page: { icon: IconPages, path: pagePath },
} as const;

function FavoriteEntries({ slug, favorites, collapsed, pathname }: { slug: string; favorites: SidebarFavorite[]; collapsed: boolean; pathname: string }) {
  return (
    <ul className="space-y-0.5">
      {favorites.map((favorite) => {
        const { icon: Icon, path } = FAVORITE_KINDS[favorite.kind];
        return (
          <li key={favorite.id}>
            <SideLink
              to={path(slug, favorite.project_id, favorite.entity_id)}
              pathname={pathname}
              title={favorite.name}
              className={(active) => navItemClass(active, collapsed)}
            >
              <Icon size={16} />
              <span className={`truncate ${collapsed ? "md:sr-only" : ""}`}>{favorite.name}</span>
            </SideLink>
          </li>
        );
      })}
    </ul>
  );
}

function WorkspaceAvatar({ name, logo }: { name: string; logo?: string }) {
  if (logo) return <img src={logo} alt="" className="size-7 shrink-0 rounded-md object-cover shadow-sm" />;
  return (
    <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-brand-500 text-xs font-semibold text-white uppercase shadow-sm">
      {name.slice(0, 1)}
    </span>
  );
}

function WorkspaceSwitcher({ workspace, workspaces, collapsed }: Pick<SidebarProps, "workspace" | "workspaces" | "collapsed">) {
  return (
    <Menu
      rootProps={{ positioning: { placement: "bottom-start", gutter: 4 } }}
      contentClassName="z-50 w-60"
      triggerProps={{ className: "flex w-full items-center gap-2 rounded-md p-1.5 text-left hover:bg-neutral-200/60 focus-visible:outline-2 focus-visible:outline-brand-500", "aria-label": `Workspace: ${workspace.name}. Switch workspace` }}
      trigger={
        <>
          <WorkspaceAvatar name={workspace.name} logo={workspace.logo} />
          <span className={`min-w-0 flex-1 truncate text-sm font-semibold text-neutral-900 ${collapsed ? "md:hidden" : ""}`}>
            {workspace.name}
          </span>
          <IconChevronUpDown size={14} className={`text-neutral-400 ${collapsed ? "md:hidden" : ""}`} />
        </>
      }
    >
      {(Menu) => (
        <>
          <p className="px-2 pt-1.5 pb-1 text-xs font-medium text-neutral-400">Workspaces</p>
          {workspaces.map((item) => (
            <Menu.Item key={item.id} value={`workspace-${item.slug}`} asChild>
              <Link
                to={`/${item.slug}`}
                className={menuItemClass}
              >
                <WorkspaceAvatar name={item.name} logo={item.logo} />
                <span className="truncate">{item.name}</span>
                {item.slug === workspace.slug ? <span className="ml-auto size-1.5 rounded-full bg-brand-500" /> : null}
              </Link>
            </Menu.Item>
          ))}
          <Menu.Separator className={menuSeparatorClass} />
          {menuLinkItems(Menu, [
            { value: "workspace-settings", to: workspaceSettingsPath(workspace.slug), icon: <IconSettings size={14} />, label: "Workspace settings" },
            { value: "create-workspace", to: "/create-workspace", icon: <IconPlus size={14} />, label: "Create workspace" },
            { value: "invitations", to: "/invitations", icon: <IconMail size={14} />, label: "Invitations" },
            { value: "appearance", to: APPEARANCE_PATH, icon: <IconUser size={14} />, label: "Appearance" },
          ])}
        </>
      )}
    </Menu>
  );
}

const navItemClass = (active: boolean, collapsed: boolean) =>
  `flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm font-medium transition-colors ${
    collapsed ? "md:justify-center md:px-0" : ""
  } ${active ? "bg-surface text-neutral-900 shadow-xs ring-1 ring-neutral-200" : "text-neutral-600 hover:bg-neutral-200/60 hover:text-neutral-900"}`;

function ProjectEntry({
  slug,
  project,
  collapsed,
  expanded,
  onToggle,
  pathname,
}: {
  slug: string;
  project: ShellProject;
  collapsed: boolean;
  expanded: boolean;
  onToggle(): void;
  pathname: string;
}) {
  const listId = useId();
  const base = projectPath(slug, project.id);
  return (
    <li>
      {/* Collapsed (md and up): the icon goes straight to the project's issues. */}
      <ClientLink
        to={`${base}/issues`}
        className={`hidden items-center justify-center rounded-md py-1.5 hover:bg-neutral-200/60 ${collapsed ? "md:flex" : ""}`}
        aria-label={project.name}
        title={project.name}
      >
        <ProjectIcon project={project} size="sm" />
      </ClientLink>
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={expanded}
        aria-controls={listId}
        title={project.name}
        className={`group flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-medium text-neutral-700 hover:bg-neutral-200/60 hover:text-neutral-900 ${collapsed ? "md:hidden" : ""}`}
      >
        <ProjectIcon project={project} size="sm" />
        <span className="min-w-0 flex-1 truncate">{truncate(project.name, SIDEBAR_NAME_MAX)}</span>
        <IconChevronDown
          size={14}
          className={`text-neutral-400 transition-transform ${expanded ? "" : "-rotate-90"}`}
        />
      </button>
      {/* A folded project's pages are drawn when it unfolds. */}
      <ul id={listId} hidden={!expanded} className={`mt-0.5 mb-1 space-y-0.5 pl-4 ${collapsed ? "md:hidden" : ""}`}>
        {(expanded ? projectLinks(project) : []).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <SideLink
              to={`${base}/${to}`}
              pathname={pathname}
              aria-label={`${project.name} ${label}`}
              className={(active) =>
                `flex items-center gap-2.5 rounded-md px-2 py-1 text-[13px] ${
                  active
                    ? "bg-brand-50 dark:bg-brand-500/15 font-medium text-brand-700 dark:text-brand-300"
                    : "text-neutral-600 hover:bg-neutral-200/60 hover:text-neutral-900"
                }`
              }
            >
              <Icon size={14} />
              <span>{label}</span>
            </SideLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SectionHeading({ children, collapsed, action }: { children: string; collapsed: boolean; action?: React.ReactNode }) {
  return (
    <div className={`flex items-center justify-between px-2 pt-4 pb-1 ${collapsed ? "md:hidden" : ""}`}>
      <h2 className="text-xs font-semibold tracking-wide text-neutral-400 uppercase">{children}</h2>
      {action}
    </div>
  );
}

export function Sidebar(props: SidebarProps) {
  const { workspace, projects, user, collapsed, mobileOpen, onToggleCollapsed, onCloseMobile, onCreateProject } = props;
  const { projectId } = useParams();
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(projectId ? [projectId] : []));
  useEffect(() => {
    if (projectId) setExpanded((current) => (current.has(projectId) ? current : new Set(current).add(projectId)));
  }, [projectId]);
  const toggle = (id: string) => setExpanded((current) => toggled(current, id));

  const joined = projects.filter((project) => project.is_member);
  const favorites = joined.filter((project) => project.is_favorite);
  const others = joined.filter((project) => !project.is_favorite);
  const labelClass = collapsed ? "md:sr-only" : "";
  const projectList = (list: typeof joined) => (
    <ul className="space-y-0.5">
      {list.map((project) => (
        <ProjectEntry
          key={project.id}
          slug={workspace.slug}
          project={project}
          collapsed={collapsed}
          expanded={expanded.has(project.id)}
          onToggle={() => toggle(project.id)}
          pathname={pathname}
        />
      ))}
    </ul>
  );

  return (
    <>
    {mobileOpen ? (
      <div className="fixed inset-0 z-30 bg-black/40 md:hidden" onClick={onCloseMobile} aria-hidden="true" />
    ) : null}
    <aside
      aria-label="Sidebar"
      className={`fixed inset-y-0 left-0 z-40 flex w-68 shrink-0 flex-col border-r border-neutral-200 bg-sidebar transition-[transform,width] duration-200 md:sticky md:top-0 md:h-screen md:translate-x-0 ${
        mobileOpen ? "translate-x-0 shadow-xl md:shadow-none" : "-translate-x-full"
      } ${collapsed ? "md:w-16" : "md:w-68"}`}
    >
      <div className="flex h-14 items-center gap-1 border-b border-neutral-200/80 px-3">
        <div className="min-w-0 flex-1">
          <WorkspaceSwitcher workspace={workspace} workspaces={props.workspaces} collapsed={collapsed} />
        </div>
      </div>

      <nav aria-label="Workspace" className="flex-1 overflow-y-auto px-3 pb-4">
        <div className="space-y-0.5 pt-3">
          <SideLink to={inboxPath(workspace.slug)} pathname={pathname} className={(active) => navItemClass(active, collapsed)}>
            <IconInbox size={16} />
            <span className={labelClass}>Inbox</span>
            {props.unread > 0 ? (
              <span className={`ml-auto rounded-full bg-brand-600 px-1.5 text-[11px] font-semibold leading-5 text-white ${collapsed ? "md:sr-only" : ""}`}>
                {props.unread > 99 ? "99+" : props.unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </SideLink>
          <SideLink to={myWorkPath(workspace.slug)} pathname={pathname} className={(active) => navItemClass(active, collapsed)}>
            <IconUser size={16} />
            <span className={labelClass}>My work</span>
          </SideLink>
          <SideLink to={`/${workspace.slug}`} end pathname={pathname} className={(active) => navItemClass(active, collapsed)}>
            <IconGrid size={16} />
            <span className={labelClass}>Projects</span>
          </SideLink>
          <SideLink to={workspaceSettingsPath(workspace.slug)} pathname={pathname} className={(active) => navItemClass(active, collapsed)}>
            <IconSettings size={16} />
            <span className={labelClass}>Settings</span>
          </SideLink>
        </div>

        {favorites.length > 0 || props.favorites.length > 0 ? (
          <section aria-label="Favorites">
            <SectionHeading collapsed={collapsed}>Favorites</SectionHeading>
            {projectList(favorites)}
            <FavoriteEntries slug={workspace.slug} favorites={props.favorites} collapsed={collapsed} pathname={pathname} />
          </section>
        ) : null}

        <section aria-label="Projects">
          <SectionHeading
            collapsed={collapsed}
            action={
              <button
                type="button"
                onClick={onCreateProject}
                className="rounded p-0.5 text-neutral-400 hover:bg-neutral-200 hover:text-neutral-700"
                aria-label="New project"
                title="New project (P)"
              >
                <IconPlus size={14} />
              </button>
            }
          >
            Projects
          </SectionHeading>
          {joined.length === 0 ? (
            <div className={`mx-1 mt-1 rounded-lg border border-dashed border-neutral-300 p-3 text-center ${collapsed ? "md:hidden" : ""}`}>
              <p className="text-xs text-neutral-500">You don't have any project yet</p>
              <button
                type="button"
                onClick={onCreateProject}
                className="mt-2 inline-flex items-center gap-1 rounded-md bg-brand-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-brand-700"
              >
                <IconPlus size={12} /> Create Project
              </button>
            </div>
          ) : (
            projectList(others)
          )}
          {collapsed ? (
            <button
              type="button"
              onClick={onCreateProject}
              className="mt-2 hidden w-full items-center justify-center rounded-md py-1.5 text-neutral-500 hover:bg-neutral-200/60 md:flex"
              aria-label="Create project"
            >
              <IconPlus size={16} />
            </button>
          ) : null}
        </section>
      </nav>

      <div className={`flex items-center gap-2 border-t border-neutral-200/80 p-3 ${collapsed ? "md:flex-col" : ""}`}>
        <AccountMenu user={user} collapsed={collapsed} />
        <Form method="post" action="/sign-out">
          <button
            type="submit"
            className="rounded-md p-1.5 text-neutral-500 hover:bg-neutral-200 hover:text-neutral-800"
            aria-label="Sign out"
            title="Sign out"
          >
            <IconLogout size={16} />
          </button>
        </Form>
        <button
          type="button"
          onClick={onToggleCollapsed}
          className="hidden rounded-md p-1.5 text-neutral-500 hover:bg-neutral-200 hover:text-neutral-800 md:block"
          aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
          aria-keyshortcuts="Control+B Meta+B"
          title={`${collapsed ? "Expand" : "Collapse"} sidebar (Ctrl/Cmd+B)`}
        >
          {collapsed ? <IconChevronRight size={16} /> : <IconPanelLeft size={16} />}
        </button>
      </div>
    </aside>
    </>
  );
}
