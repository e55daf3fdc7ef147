// The My work page: the tabs (from MY_WORK_TABS), the layout switch (list or kanban) and the View
// menu (order, finished work shown or not), both remembered in this browser, and the tab's issues
// across the person's projects. It writes nothing; it reads again whenever the window regains
// focus, and whenever the person's inbox changes (the route listens).
import { Link } from "@remix-run/react";
import { lazy, useMemo } from "react";
import { IconIssues } from "~/components/icons";
import { LayoutButtons, ViewMenu } from "~/components/issue-views/view-options";
import { ShellHeader } from "~/components/shell-header";
import { useWorkspaceShell } from "~/components/workspace-context";
import { useRevalidateOnFocus } from "~/hooks/use-revalidate-on-focus";
import { oneOf, useStoredPreference } from "~/hooks/use-stored-preference";
import type { Layout } from "~/lib/issue-display";
import type { MyWorkPageData } from "~/lib/my-work-contract";
import { DEFAULT_MY_WORK_DISPLAY, displayedIssues, readMyWorkDisplay } from "~/lib/my-work-display";
import { myWorkPath } from "~/lib/paths";
import { MY_WORK_TABS, MY_WORK_TAB_KEYS, type MyWorkTab } from "../../../workers/domain/schemas/my-work";
import { MyWorkKanban, MyWorkList } from "./my-work-layouts";

const MY_WORK_LAYOUTS = [
  { key: "list", label: "List" },
  { key: "kanban", label: "Kanban" },
] as const satisfies readonly { key: Layout; label: string }[];
type MyWorkLayout = (typeof MY_WORK_LAYOUTS)[number]["key"];
const readLayout = oneOf<MyWorkLayout>(MY_WORK_LAYOUTS.map((layout) => layout.key));
const loadDisplayItems = () => import("./my-work-display-items");
const DisplayItems = lazy(loadDisplayItems);
const preloadDisplayItems = () => void loadDisplayItems();

function Tabs({ slug, current }: { slug: string; current: MyWorkTab }) {
  return (
    <nav aria-label="My work tabs" className="flex items-center gap-1">
      {MY_WORK_TAB_KEYS.map((tab) => {
        const active = tab === current;
        return (
          <Link
            key={tab}
            to={myWorkPath(slug, tab)}
            aria-current={active ? "page" : undefined}
            preventScrollReset
            className={`rounded-md px-2.5 py-1 text-sm font-medium transition-colors ${
              active ? "bg-neutral-100 text-neutral-900" : "text-neutral-500 hover:bg-neutral-50 hover:text-neutral-800"
            }`}
          >
            {MY_WORK_TABS[tab].label}
          </Link>
        );
      })}
    </nav>
  );
}

function EmptyTab({ tab }: { tab: MyWorkTab }) {
  return (
    <div className="flex flex-1 items-center justify-center bg-surface px-6 py-16">
      <div className="flex max-w-sm flex-col items-center text-center">
        <span className="mb-4 flex size-12 items-center justify-center rounded-xl bg-neutral-100 text-neutral-500">
          <IconIssues size={22} />
        </span>
        <h2 className="text-base font-semibold text-neutral-900">{MY_WORK_TABS[tab].empty}</h2>
        <p className="mt-1 text-sm text-neutral-500">{MY_WORK_TABS[tab].hint}</p>
      </div>
    </div>
  );
}

export function MyWorkPage({ data }: { data: MyWorkPageData }) {
  const { workspace } = useWorkspaceShell();
  const [layout, setLayout] = useStoredPreference<MyWorkLayout>("myWorkLayout", "list", readLayout);
  const [display, setDisplay] = useStoredPreference("myWorkDisplay", DEFAULT_MY_WORK_DISPLAY, readMyWorkDisplay, JSON.stringify);
  useRevalidateOnFocus();
  const issues = useMemo(() => displayedIssues(data.issues, display), [data.issues, display]);
  const count = issues.length;
  return (
    <>
      <ShellHeader breadcrumbs={[{ label: workspace.name, to: `/${workspace.slug}` }, { label: "My work" }]} />
      <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-neutral-200 px-4 py-2 sm:px-6">
        <h1 className="text-sm font-semibold text-neutral-900">My work</h1>
        <Tabs slug={data.slug} current={data.tab} />
        <span className="text-xs text-neutral-400" aria-live="polite">
          {data.next_cursor ? `The first ${count.toLocaleString("en-US")} issues` : `${count.toLocaleString("en-US")} issue${count === 1 ? "" : "s"}`}
        </span>
        <div className="ml-auto flex items-center gap-2">
          <LayoutButtons layout={layout} layouts={MY_WORK_LAYOUTS} onChange={(next) => setLayout(next as MyWorkLayout)} />
          <ViewMenu preloadItems={preloadDisplayItems} className="w-60">
            <DisplayItems display={display} onChange={setDisplay} />
          </ViewMenu>
        </div>
      </div>
      {count === 0 ? (
        <EmptyTab tab={data.tab} />
      ) : layout === "kanban" ? (
        <div className="min-h-0 flex-1">
          <MyWorkKanban slug={data.slug} issues={issues} />
        </div>
      ) : (
        <div className="flex-1">
          <MyWorkList slug={data.slug} projects={data.projects} issues={issues} />
        </div>
      )}
    </>
  );
}
