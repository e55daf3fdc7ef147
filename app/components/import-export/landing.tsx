// The import-export page without a wizard open: the Relocation Guide, the import providers (each
// opens its wizard by the `provider` query), the exports and Previous Imports.
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import type { ProjectExportResponse } from "../../../workers/domain/schemas/csv-importer";
import type { ImporterResponse } from "../../../workers/domain/schemas/importers";
import { IconExternal } from "../icons";
import { SettingsSection, SettingsTitle } from "../settings/section";
import { buttonClass } from "../ui";
import { IMPORT_GUIDE_LINKS } from "~/lib/help-links";
import type { ImportExportData, ImportProvider, ImportTargetProject } from "~/lib/import-export-contract";
import { Exports } from "./exports";
import { FileLogo, GithubLogo, JiraLogo } from "./logos";
import { PreviousImports } from "./previous-imports";

const PROVIDERS: { provider: ImportProvider; title: string; description: string; logo: React.ReactNode }[] = [
  {
    provider: "github",
    title: "GitHub",
    description: "Import issues, labels, comments and sub-issues from a GitHub repository, closed ones included.",
    logo: <GithubLogo />,
  },
  {
    provider: "jira",
    title: "Jira",
    description: "Import issues, statuses, labels, sub-tasks and epics (as modules) from a Jira Cloud project.",
    logo: <JiraLogo />,
  },
  {
    provider: "csv",
    title: "CSV",
    description: "Import issues from a spreadsheet: choose which column holds each field and check the preview.",
    logo: <FileLogo label="CSV" />,
  },
];

/** How often the page reads its lists again while an import or an export runs. */
const LIVE_REFRESH_MS = 2000;

type LiveLists = { importers: ImporterResponse[]; exports: ProjectExportResponse[] };

/**
 * The imports and exports, read again every 2 seconds while one of them runs, so progress moves
 * without a reload; it stops by itself once nothing runs, and a hidden tab waits. Only this page's
 * loader is asked (a fetcher), not the shell's. Whichever answer came last wins: a revalidation
 * after a delete or a refresh, or the latest poll.
 */
function useLiveLists(fromLoader: LiveLists): LiveLists {
  const fetcher = useFetcher<ImportExportData>();
  const { pathname } = useLocation();
  // Which answer arrived last, noticed by identity: a new loader answer or a new poll answer.
  const seen = useRef<{ loader: LiveLists; poll: ImportExportData | undefined; latest: "loader" | "poll" }>({
    loader: fromLoader,
    poll: fetcher.data,
    latest: "loader",
  });
  if (seen.current.loader !== fromLoader) seen.current = { ...seen.current, loader: fromLoader, latest: "loader" };
  if (fetcher.data && seen.current.poll !== fetcher.data) seen.current = { ...seen.current, poll: fetcher.data, latest: "poll" };
  const polled = fetcher.data?.authorized ? fetcher.data : null;
  const lists = seen.current.latest === "poll" && polled ? { importers: polled.importers, exports: polled.exports } : fromLoader;
  const active = [...lists.importers, ...lists.exports].some((row) => row.status === "processing");
  const poll = useRef(fetcher);
  poll.current = fetcher;
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => {
      if (poll.current.state === "idle" && document.visibilityState === "visible") poll.current.load(pathname);
    }, LIVE_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [active, pathname]);
  return lists;
}

function ExternalLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-400">
      {children}
      <IconExternal size={12} />
    </a>
  );
}

function RelocationGuide() {
  return (
    <SettingsSection label="Relocation Guide">
      <h2 className="text-sm font-semibold text-neutral-900">Relocation Guide</h2>
      <p className="mt-1 text-sm text-neutral-600">
        Bring your team's history along: issues come in with their states, labels, comments and parents, and each keeps a link back to
        where it came from. An import runs in the background and can be run again safely: nothing is created twice. The guide says how
        to give the importer access, step by step.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <ExternalLink href={IMPORT_GUIDE_LINKS.guide}>Read the guide</ExternalLink>
        <ExternalLink href={IMPORT_GUIDE_LINKS.githubToken}>GitHub access token</ExternalLink>
        <ExternalLink href={IMPORT_GUIDE_LINKS.jiraToken}>Jira API token</ExternalLink>
      </p>
    </SettingsSection>
  );
}

export function ImportExportLanding({
  slug,
  importers,
  exports,
  projects,
}: {
  slug: string;
  importers: ImporterResponse[];
  exports: ProjectExportResponse[];
  projects: ImportTargetProject[];
}) {
  const fromLoader = useMemo(() => ({ importers, exports }), [importers, exports]);
  const live = useLiveLists(fromLoader);
  return (
    <div className="space-y-6">
      <SettingsTitle title="Import/Export" description="Bring issues in from GitHub, Jira or a spreadsheet, or take a project's issues out." />
      <RelocationGuide />
      <SettingsSection label="Import">
        <h2 className="text-sm font-semibold text-neutral-900">Import</h2>
        <ul className="mt-1 divide-y divide-neutral-100">
          {PROVIDERS.map((entry) => (
            <li key={entry.provider} className="flex items-center gap-3 py-3">
              <span className="shrink-0">{entry.logo}</span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-neutral-900">{entry.title}</p>
                <p className="text-xs text-neutral-600">{entry.description}</p>
              </div>
              <Link to={`?provider=${entry.provider}`} className={buttonClass("secondary", "sm")} aria-label={`Import from ${entry.title}`}>
                Import
              </Link>
            </li>
          ))}
        </ul>
      </SettingsSection>
      <Exports slug={slug} projects={projects} exports={live.exports} />
      <PreviousImports slug={slug} importers={live.importers} />
    </div>
  );
}
