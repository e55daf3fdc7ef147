// The GitHub import wizard: Configure (the workspace's GitHub credential), Import Data (repository
// and project), Issues (what the repository holds), Users (what becomes of each collaborator) and
// Confirm. Next waits on each step until what it needs is there; confirming starts the import and
// goes back to the landing page, where its progress shows.
import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import {
  GITHUB_OWNER_CONNECTS,
  GITHUB_TOKEN_REQUIRED,
  type GithubConnection,
  type GithubImportPayload,
  type GithubRepoInfo,
  type GithubRepositoriesResponse,
  type GithubRepository,
} from "../../../workers/domain/schemas/github-importer";
import { IMPORT_MESSAGES } from "../../../workers/domain/schemas/importers";
import { IconCheck, IconIssues, IconLink, IconSettings, IconUsers } from "../icons";
import { Spinner, buttonClass, inputClass, labelClass, truncate } from "../ui";
import { IMPORT_GUIDE_LINKS } from "~/lib/help-links";
import { useApiCall } from "~/hooks/use-action";
import { ApiRefusal, callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { formatCount } from "~/lib/import-api";
import type { ImportMember, ImportTargetProject } from "~/lib/import-export-contract";
import { GithubLogo } from "./logos";
import { Figure, ProjectPicker, type UserChoice, UserMapping, WizardButtons, WizardFrame, type WizardStep, useLandingPath, usersComplete } from "./wizard-shell";

const STEPS: WizardStep[] = [
  { key: "import-configure", label: "Configure", icon: <IconSettings size={16} /> },
  { key: "import-data", label: "Import Data", icon: <IconLink size={16} /> },
  { key: "repo-details", label: "Issues", icon: <IconIssues size={16} /> },
  { key: "import-users", label: "Users", icon: <IconUsers size={16} /> },
  { key: "import-confirm", label: "Confirm", icon: <IconCheck size={16} /> },
];

/** Repository names are cut at 50 characters in the picker. */
const REPOSITORY_NAME_SHOWN = 50;

/** The words shown under a step that could not read from GitHub: the server's, else the general ones. */
const refusalText = (failure: unknown) => (failure instanceof ApiRefusal && failure.message !== "" ? failure.message : IMPORT_MESSAGES.deleteFailed);

type Connection = { state: "loading" } | { state: "none" } | { state: "connected"; connection: GithubConnection };

function ConfigureStep({
  slug,
  connection,
  onChange,
  canManage,
}: { slug: string; connection: Connection; onChange(connection: Connection): void; canManage: boolean }) {
  const [token, setToken] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tokenId = useId();

  if (connection.state === "loading") {
    return (
      <p className="flex items-center gap-2 text-sm text-neutral-600" role="status">
        <Spinner /> Checking the workspace's GitHub connection...
      </p>
    );
  }
  if (connection.state === "connected") {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-sm font-semibold text-neutral-900">GitHub is connected</h2>
          <p className="mt-0.5 text-sm text-neutral-600">
            {connection.connection.via === "app" ? "The importer reads through the GitHub App installed on " : "The importer reads as "}
            <span className="font-medium text-neutral-900">{connection.connection.login}</span>.
          </p>
        </div>
        {connection.connection.via === "app" || !canManage ? null : (
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await callApi(api.importerCredential(slug), { method: "DELETE" });
                onChange({ state: "none" });
              } catch {
                setError(IMPORT_MESSAGES.deleteFailed);
              } finally {
                setBusy(false);
              }
            }}
          >
            Disconnect
          </button>
        )}
        {error ? <p className="w-full text-xs text-red-600 dark:text-red-400">{error}</p> : null}
      </div>
    );
  }
  // Which account every member's imports act as is the owners' choice: others are told whom to ask.
  if (!canManage) {
    return (
      <div>
        <h2 className="text-sm font-semibold text-neutral-900">GitHub is not connected</h2>
        <p className="mt-0.5 text-sm text-neutral-600">{GITHUB_OWNER_CONNECTS}</p>
      </div>
    );
  }
  return (
    <form
      aria-label="Connect GitHub"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (token.trim() === "") {
          setError(GITHUB_TOKEN_REQUIRED);
          return;
        }
        setBusy(true);
        setError(null);
        try {
          const saved = await callApi<GithubConnection>(api.importerCredential(slug), { method: "PUT", body: { token } });
          setToken("");
          onChange({ state: "connected", connection: saved });
        } catch (failure) {
          setError((failure instanceof ApiRefusal ? failure.failure.fields?.token?.[0] : undefined) ?? refusalText(failure));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 className="text-sm font-semibold text-neutral-900">Connect GitHub</h2>
      <p className="mt-0.5 text-sm text-neutral-600">
        Paste a personal access token that can read the repository. It is kept on the workspace and never shown again.{" "}
        <a href={IMPORT_GUIDE_LINKS.githubToken} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          How to make one
        </a>
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <label htmlFor={tokenId} className={labelClass}>
            Personal access token
          </label>
          <input
            id={tokenId}
            type="password"
            autoComplete="off"
            value={token}
            onChange={(event) => setToken(event.target.value)}
            className={inputClass}
            placeholder="github_pat_..."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${tokenId}-error` : undefined}
          />
          {error ? (
            <p id={`${tokenId}-error`} className="mt-1.5 text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass("primary", "md", "sm:mt-7")} disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? "Connecting..." : "Connect"}
        </button>
      </div>
    </form>
  );
}

interface RepositoryList {
  repositories: GithubRepository[];
  total: number;
  page: number;
  loading: boolean;
  error: string | null;
}

const NO_REPOSITORIES: RepositoryList = { repositories: [], total: 0, page: 0, loading: false, error: null };

function ImportDataStep({
  integrationId,
  slug,
  list,
  setList,
  repository,
  onRepository,
  projects,
  projectId,
  onProject,
}: {
  integrationId: string;
  slug: string;
  list: RepositoryList;
  setList(update: (list: RepositoryList) => RepositoryList): void;
  repository: GithubRepository | null;
  onRepository(repository: GithubRepository | null): void;
  projects: ImportTargetProject[];
  projectId: string;
  onProject(projectId: string): void;
}) {
  const repoId = useId();
  async function loadPage(page: number) {
    setList((current) => ({ ...current, loading: true, error: null }));
    try {
      const answer = await callApi<GithubRepositoriesResponse>(api.githubRepositories(slug, integrationId, page));
      setList((current) => {
        const known = new Set(current.repositories.map((repo) => repo.id));
        return {
          repositories: [...current.repositories, ...answer.repositories.filter((repo) => !known.has(repo.id))],
          total: answer.total_count,
          page,
          loading: false,
          error: null,
        };
      });
    } catch (failure) {
      setList((current) => ({ ...current, loading: false, error: refusalText(failure) }));
    }
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page is read once, when the step opens with nothing loaded.
  useEffect(() => {
    if (list.page === 0 && !list.loading) void loadPage(1);
  }, []);
  const more = list.repositories.length < list.total;
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-sm font-semibold text-neutral-900">Choose what to import</h2>
        <p className="mt-0.5 text-sm text-neutral-600">The repository's issues, closed ones included, go into the project you choose.</p>
      </div>
      <div>
        <label htmlFor={repoId} className={labelClass}>
          Repository
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <select
            id={repoId}
            className={inputClass}
            value={repository ? String(repository.id) : ""}
            onChange={(event) => onRepository(list.repositories.find((repo) => String(repo.id) === event.target.value) ?? null)}
          >
            <option value="">{list.loading && list.repositories.length === 0 ? "Loading repositories..." : "Select a repository"}</option>
            {list.repositories.map((repo) => (
              <option key={repo.id} value={String(repo.id)}>
                {truncate(repo.full_name, REPOSITORY_NAME_SHOWN)}
              </option>
            ))}
          </select>
          {more ? (
            <button type="button" className={buttonClass("secondary", "md", "shrink-0")} disabled={list.loading} onClick={() => void loadPage(list.page + 1)}>
              {list.loading ? <Spinner /> : null}
              Load more
            </button>
          ) : null}
        </div>
        <p className="mt-1.5 text-xs text-neutral-600" aria-live="polite">
          {list.error ?? (list.page > 0 ? `${formatCount(list.repositories.length)} of ${formatCount(list.total)} repositories loaded` : "")}
        </p>
      </div>
      <ProjectPicker projects={projects} value={projectId} onChange={onProject} />
    </div>
  );
}

function IssuesStep({ info, error }: { info: GithubRepoInfo | null; error: string | null }) {
  if (error) return <p className="text-sm text-red-700 dark:text-red-400">{error}</p>;
  if (!info) {
    return (
      <p className="flex items-center gap-2 text-sm text-neutral-600" role="status">
        <Spinner /> Reading the repository...
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <h2 className="text-sm font-semibold text-neutral-900">What the repository holds</h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Issues" value={formatCount(info.issue_count)} />
        <Figure label="Labels" value={formatCount(info.labels)} />
        <Figure label="Collaborators" value={formatCount(info.collaborators.length)} />
      </div>
      {info.issue_count === 0 ? <p className="text-sm text-amber-800 dark:text-amber-300">{IMPORT_MESSAGES.noIssuesInRepository}</p> : null}
      {info.collaborators.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Collaborators">
          {info.collaborators.map((person) => (
            <li key={person.id} className="flex items-center gap-1.5 rounded-full border border-neutral-200 py-0.5 pr-2.5 pl-0.5 text-xs text-neutral-800">
              {person.avatar_url ? <img src={person.avatar_url} alt="" className="size-5 rounded-full" /> : null}
              {person.login}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ConfirmStep({ repository, project, users }: { repository: GithubRepository; project: ImportTargetProject | undefined; users: UserChoice[] }) {
  const imported = users.filter((user) => user.import !== false);
  const invited = users.filter((user) => user.import === "invite");
  return (
    <div className="space-y-3 text-sm">
      <h2 className="text-sm font-semibold text-neutral-900">Ready to import</h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="text-neutral-600">Repository</dt>
        <dd className="font-medium text-neutral-900">{repository.full_name}</dd>
        <dt className="text-neutral-600">Into project</dt>
        <dd className="font-medium text-neutral-900">{project?.name}</dd>
        <dt className="text-neutral-600">People</dt>
        <dd className="text-neutral-900">
          {formatCount(imported.length)} of {formatCount(users.length)} brought along
          {invited.length > 0 ? `, ${formatCount(invited.length)} invited to the workspace` : ""}
        </dd>
      </dl>
      <p className="text-neutral-600">The import runs in the background; its progress shows under Previous Imports.</p>
    </div>
  );
}

export default function GithubWizard({
  slug,
  projects,
  members,
  canManageCredentials,
}: { slug: string; projects: ImportTargetProject[]; members: ImportMember[]; canManageCredentials: boolean }) {
  const run = useApiCall();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const [step, setStep] = useState(0);
  const [connection, setConnection] = useState<Connection>({ state: "loading" });
  const [list, setList] = useState<RepositoryList>(NO_REPOSITORIES);
  const [repository, setRepository] = useState<GithubRepository | null>(null);
  const [projectId, setProjectId] = useState("");
  const [info, setInfo] = useState<{ key: string; info: GithubRepoInfo | null; error: string | null } | null>(null);
  const [users, setUsers] = useState<UserChoice[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    callApi<GithubConnection>(api.importerCredential(slug))
      .then((saved) => live && setConnection({ state: "connected", connection: saved }))
      .catch(() => live && setConnection({ state: "none" }));
    return () => {
      live = false;
    };
  }, [slug]);

  const integrationId = connection.state === "connected" ? connection.connection.integration_id : "";
  // A new connection lists other repositories: forget what was loaded and chosen.
  function changeConnection(next: Connection) {
    setConnection(next);
    setList(NO_REPOSITORIES);
    setRepository(null);
  }

  // The repository's figures, read once per chosen repository (again after a failure); its
  // collaborators become the users.
  const repoKey = repository ? repository.full_name : "";
  const requested = useRef("");
  useEffect(() => {
    if (!repository || step < 2 || requested.current === repoKey) return;
    requested.current = repoKey;
    setInfo({ key: repoKey, info: null, error: null });
    callApi<GithubRepoInfo>(api.githubRepoInfo(slug, { owner: repository.owner.login, repo: repository.name }))
      .then((answer) => {
        if (requested.current !== repoKey) return;
        setInfo({ key: repoKey, info: answer, error: null });
        setUsers(answer.collaborators.map((person) => ({ username: person.login, label: person.login, avatar: person.avatar_url, import: "map", email: "" })));
      })
      .catch((failure) => {
        if (requested.current !== repoKey) return;
        requested.current = "";
        setInfo({ key: repoKey, info: null, error: refusalText(failure) });
      });
  }, [repository, repoKey, step, slug]);

  const repoInfo = info?.key === repoKey ? info.info : null;
  const nextDisabled = [
    connection.state !== "connected",
    !repository || !projectId,
    !repoInfo || repoInfo.issue_count <= 0,
    !usersComplete(users),
    false,
  ][step];

  async function confirm() {
    if (!repository) return;
    setBusy(true);
    const payload: GithubImportPayload = {
      metadata: { owner: repository.owner.login, name: repository.name, repository_id: repository.id, url: repository.html_url },
      data: { users: users.map(({ username, import: mode, email }) => ({ username, import: mode, email: mode === false ? "" : email.trim() })) },
      config: { sync: false },
      project_id: projectId,
    };
    // Whatever the refusal, the toast says the import did not start.
    const started = await run(() => callApi(api.startImport(slug, "github"), { method: "POST", body: payload }), {
      message: () => IMPORT_MESSAGES.githubImportFailed,
    });
    // Leaving the wizard's query reads the page again: the new import is listed, running.
    if (started) navigate(landing);
    else setBusy(false);
  }

  const last = step === STEPS.length - 1;
  return (
    <WizardFrame
      title="Import from GitHub"
      logo={<GithubLogo size={28} />}
      steps={STEPS}
      current={step}
      footer={
        <WizardButtons
          onBack={step > 0 ? () => setStep(step - 1) : undefined}
          onNext={() => (last ? void confirm() : setStep(step + 1))}
          nextDisabled={nextDisabled}
          nextLabel={last ? "Confirm & Import" : "Next"}
          busy={busy}
          busyLabel="Importing..."
        />
      }
    >
      {step === 0 ? <ConfigureStep slug={slug} connection={connection} onChange={changeConnection} canManage={canManageCredentials} /> : null}
      {step === 1 ? (
        <ImportDataStep
          integrationId={integrationId}
          slug={slug}
          list={list}
          setList={setList}
          repository={repository}
          onRepository={setRepository}
          projects={projects}
          projectId={projectId}
          onProject={setProjectId}
        />
      ) : null}
      {step === 2 ? <IssuesStep info={repoInfo} error={info?.key === repoKey ? info.error : null} /> : null}
      {step === 3 ? (
        <div className="space-y-3">
          <div>
            <h2 className="text-sm font-semibold text-neutral-900">Who comes along</h2>
            <p className="mt-0.5 text-sm text-neutral-600">
              Map each collaborator to a member of the workspace, invite them by email, or leave them out (their issues come in unassigned).
            </p>
          </div>
          <UserMapping users={users} members={members} onChange={setUsers} />
        </div>
      ) : null}
      {step === 4 && repository ? <ConfirmStep repository={repository} project={projects.find((project) => project.id === projectId)} users={users} /> : null}
    </WizardFrame>
  );
}
