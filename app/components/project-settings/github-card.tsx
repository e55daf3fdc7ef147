// The project's GitHub card: once the workspace installed the GitHub App, a project owner picks one
// of the installation's repositories (a page at a time, "Load more" while there are more) to keep
// the project's issues in sync with, sees which one is synced, and can stop syncing it. The card
// reads and writes through the REST API; the server refuses anyone but project owners.
import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { workspaceSettingsPath } from "~/lib/paths";
import { ROLE } from "../../../workers/domain/schemas/constants";
import type { GithubRepositoriesResponse, GithubRepository } from "../../../workers/domain/schemas/github-importer";
import {
  type GithubRepositorySyncResponse,
  REPOSITORY_SYNC_FAILED,
  type WorkspaceIntegrationResponse,
} from "../../../workers/domain/schemas/integration-texts";
import { IconChevronDown, IconExternal } from "../icons";
import { ProviderMark } from "../import-export/logos";
import { SettingsSection } from "../settings/section";
import { useToast } from "../toast";
import { Spinner, buttonClass, truncate } from "../ui";

/** Repository names in the picker are cut at this many characters. */
const REPOSITORY_LABEL_MAX = 50;

type CardState =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "not-installed" }
  | { state: "ready"; installation: WorkspaceIntegrationResponse; sync: GithubRepositorySyncResponse | null; isOwner: boolean };

/** The repository picker: pages of the installation's repositories, loaded when opened. */
function RepositoryPicker({ slug, integrationId, disabled, onPick }: { slug: string; integrationId: string; disabled: boolean; onPick: (repo: GithubRepository) => void }) {
  const [open, setOpen] = useState(false);
  const [repositories, setRepositories] = useState<GithubRepository[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const run = useApiCall();

  const loadPage = useCallback(
    async (next: number) => {
      setLoading(true);
      setError(null);
      // A page that fails to load says why inside the picker, where "Load more" was asked.
      const answer = await run(() => callApi<GithubRepositoriesResponse>(api.githubRepositories(slug, integrationId, next)), {
        message: "The repositories could not be loaded.",
        onMessage: setError,
      });
      setLoading(false);
      if (!answer) return;
      const { repositories: more, total_count } = answer.value;
      setRepositories((all) => (next === 1 ? more : [...all, ...more]));
      setTotal(total_count);
      setPage(next);
    },
    [slug, integrationId, run],
  );

  const toggle = () => {
    const opening = !open;
    setOpen(opening);
    if (opening && page === 0) void loadPage(1);
  };

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (panel.current && !panel.current.parentElement?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div className="relative">
      <button
        type="button"
        className={buttonClass("secondary", "sm", "min-w-48 justify-between")}
        aria-expanded={open}
        aria-controls={open ? "github-repositories" : undefined}
        onClick={toggle}
        disabled={disabled}
      >
        Select repository <IconChevronDown size={14} />
      </button>
      {open ? (
        <div
          ref={panel}
          id="github-repositories"
          className="absolute right-0 z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-neutral-200 bg-surface p-1 shadow-lg"
        >
          <ul aria-label="Repositories" className="max-h-64 overflow-y-auto">
            {repositories.map((repo) => (
              <li key={repo.id}>
                <button
                  type="button"
                  className="w-full truncate rounded px-2 py-1.5 text-left text-sm text-neutral-800 hover:bg-neutral-100 focus-visible:bg-neutral-100 focus-visible:outline-none"
                  title={repo.full_name}
                  onClick={() => {
                    setOpen(false);
                    onPick(repo);
                  }}
                >
                  {truncate(repo.full_name, REPOSITORY_LABEL_MAX)}
                </button>
              </li>
            ))}
          </ul>
          {total === 0 ? <p className="px-2 py-1.5 text-sm text-neutral-600">The installation has no repositories.</p> : null}
          {error ? (
            <p role="alert" className="px-2 py-1.5 text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
          {loading ? (
            <p className="flex items-center gap-2 px-2 py-1.5 text-sm text-neutral-600">
              <Spinner className="size-3.5" /> Loading...
            </p>
          ) : total !== null && repositories.length < total ? (
            <button type="button" className="w-full rounded px-2 py-1.5 text-left text-sm font-medium text-brand-700 hover:bg-neutral-100 dark:text-brand-300" onClick={() => loadPage(page + 1)}>
              Load more
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function GithubCard({ slug, projectId }: { slug: string; projectId: string }) {
  const toast = useToast();
  const run = useApiCall();
  const [card, setCard] = useState<CardState>({ state: "loading" });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const read = async (): Promise<CardState> => {
      const [installations, me] = await Promise.all([
        callApi<WorkspaceIntegrationResponse[]>(api.workspaceIntegrations(slug)),
        callApi<{ role: number }>(api.projectMe(slug, projectId)),
      ]);
      const installation = installations.find((row) => row.integration_detail.provider === "github");
      if (!installation) return { state: "not-installed" };
      const syncs = await callApi<GithubRepositorySyncResponse[]>(api.githubRepositorySyncs(slug, projectId, installation.id));
      return { state: "ready", installation, sync: syncs[0] ?? null, isOwner: me.role >= ROLE.owner };
    };
    // A card that cannot be read says so in its status line rather than in a toast.
    const answer = await run(read, { onMessage: () => setCard({ state: "failed" }) });
    if (answer) setCard(answer.value);
  }, [slug, projectId, run]);

  useEffect(() => {
    void load();
  }, [load]);

  const pick = async (repo: GithubRepository) => {
    if (card.state !== "ready") return;
    setBusy(true);
    const body = { name: repo.name, owner: repo.owner.login, repository_id: repo.id, url: repo.html_url };
    // Whatever the refusal, the toast says the same: the repository was not synced.
    const synced = await run(() => callApi<GithubRepositorySyncResponse>(api.githubRepositorySyncs(slug, projectId, card.installation.id), { method: "POST", body }), {
      message: () => REPOSITORY_SYNC_FAILED,
    });
    setBusy(false);
    if (!synced) return;
    setCard({ ...card, sync: synced.value });
    toast.show({ type: "success", message: `${repo.full_name} is synced with the project.` });
  };

  const unsync = async () => {
    if (card.state !== "ready" || !card.sync) return;
    setBusy(true);
    const url = api.githubRepositorySync(slug, projectId, card.installation.id, card.sync.id);
    const unsynced = await run(() => callApi(url, { method: "DELETE" }), { message: () => "The repository could not be unsynced. Please try again." });
    setBusy(false);
    if (!unsynced) return;
    setCard({ ...card, sync: null });
    toast.show({ type: "success", message: "The repository is no longer synced with the project." });
  };

  let status: React.ReactNode;
  let action: React.ReactNode = null;
  if (card.state === "loading") {
    status = (
      <span className="flex items-center gap-2">
        <Spinner className="size-3.5" /> Loading...
      </span>
    );
  } else if (card.state === "failed") {
    status = "The GitHub integration could not be loaded.";
  } else if (card.state === "not-installed") {
    status = "Not connected";
    action = (
      <Link to={workspaceSettingsPath(slug, "integrations")} className={buttonClass("secondary", "sm")}>
        Connect in workspace settings <IconExternal size={12} />
      </Link>
    );
  } else if (card.sync) {
    const { owner, name, url } = card.sync.repo_detail;
    status = (
      <>
        Synced with{" "}
        <a href={url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300" data-testid="synced-repository">
          {owner}/{name}
        </a>
      </>
    );
    action = (
      <button type="button" className={buttonClass("secondary", "sm")} onClick={unsync} disabled={!card.isOwner || busy}>
        {busy ? <Spinner className="size-3.5" /> : null}
        Unsync
      </button>
    );
  } else {
    status = "No repository synced yet.";
    action = <RepositoryPicker slug={slug} integrationId={card.installation.id} disabled={!card.isOwner || busy} onPick={pick} />;
  }

  return (
    <SettingsSection label="GitHub">
      <div className="flex flex-wrap items-center gap-4" data-testid="integration-github">
        <ProviderMark provider="github" />
        <div className="min-w-0 flex-1 basis-60">
          <h2 className="text-sm font-semibold text-neutral-900">GitHub</h2>
          <p className="text-sm text-neutral-600">Pick a repository to keep its issues and this project's in sync.</p>
          <p className="mt-1 text-xs font-medium text-neutral-600" aria-live="polite">
            {status}
          </p>
          {card.state === "ready" && !card.isOwner ? <p className="mt-1 text-xs text-neutral-600">Only project owners can change the repository.</p> : null}
        </div>
        {action}
      </div>
    </SettingsSection>
  );
}
