// The GitHub App against the fake GitHub: the integrations catalogue, installing the app from its
// setup callback (checked with GitHub as the app), the installation's repositories a page at a
// time, a project's repository sync, removing the installation, roles, and no secret in answers.
import { env } from "cloudflare:workers";
import { getConfig } from "../../workers/env";
import { describe, expect, it } from "vitest";
import { INTEGRATION_BOT_MEMBER } from "../../workers/domain/schemas/constants";
import { call } from "../helpers/api";
import { loadPageData } from "../helpers/page-action";
import type { IntegrationsPageData } from "../../workers/domain/schemas/integration-texts";
import { completeGithubInstall, connectGithub, githubInstallBody, installOnGithub, startConnection, startConnectionCall } from "../helpers/connections";
import { createFakeRepo, failNextCodeExchange, uninstallFakeApp, uniqueRepoName } from "../helpers/fake-github";
import { GITHUB_UNREACHABLE } from "../../workers/importers/github/client";
import { GITHUB_INSTALLATION_NOT_YOURS } from "../../workers/domain/integrations";
import { countRows, createTeam, createTeamWithProject, expectStatus, rowOf } from "../helpers/fixtures";

const GITHUB_INTEGRATION_ID = "00000000-0000-4000-8000-000000000001";
const GITHUB_EVENTS = 4;

let accountCounter = 0;
const uniqueAccount = () => `octo-org-${Date.now().toString(36)}-${++accountCounter}`;

const wsPath = (slug: string, path: string) => `/api/workspaces/${slug}/${path}`;
const syncPath = (slug: string, projectId: string, integrationId: string) =>
  wsPath(slug, `projects/${projectId}/workspace-integrations/${integrationId}/github-repository-sync/`);

/** A team whose owner installed the app on a fresh GitHub account owning `repos` repositories. */
async function installedTeam(name: string, repos = 1) {
  const t = await createTeamWithProject(name);
  const account = uniqueAccount();
  const created = [];
  for (let i = 0; i < repos; i++) {
    created.push(await createFakeRepo({ owner: account, name: uniqueRepoName(`r${String(i).padStart(2, "0")}`), token: `ghp_unused_${account}`, issues: 2 }));
  }
  const installed = await connectGithub(t.owner, t.slug, account);
  expectStatus(installed, 201);
  const installation = { id: (installed.body as { metadata: { installation_id: number } }).metadata.installation_id };
  return { ...t, account, installation, repos: created, integration: installed.body as { id: string; actor: string; metadata: Record<string, unknown> } };
}

/** Nothing secret in an answer: no installation token, no app key, no personal token. */
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/ghs_|ghp_|PRIVATE KEY|access_token/);
}

describe("the integrations catalogue", () => {
  it("lists GitHub and Slack for anyone signed in", async () => {
    const t = await createTeamWithProject("gacat");
    const listed = await t.outsider.get("/api/integrations/");
    expectStatus(listed, 200);
    expect(listed.body.map((i: { provider: string }) => i.provider)).toEqual(["github", "slack"]);
    expect(listed.body[0]).toEqual({
      id: GITHUB_INTEGRATION_ID,
      provider: "github",
      title: "GitHub",
      description: expect.any(String),
      author: expect.any(String),
      avatar_url: expect.any(String),
    });
    expect((await call("GET", "/api/integrations/")).status).toBe(401);
  });
});

describe("installing the GitHub App", () => {
  it.each([
    ["cuts the connection", "drop" as const, GITHUB_UNREACHABLE],
    ["answers 503", "unavailable" as const, "GitHub is unavailable (it answered 503). Try again in a few minutes."],
  ])("when GitHub %s during the code exchange, says so in our words and connects nothing", async (_, kind, message) => {
    const t = await createTeamWithProject("gadown");
    const account = uniqueAccount();
    const grant = await installOnGithub(await startConnection(t.owner, t.slug, { kind: "github_install" }), account);
    await failNextCodeExchange(account, kind);
    const landed = await completeGithubInstall(t.owner, t.slug, githubInstallBody(grant));
    expectStatus(landed, 400);
    expect(landed.body).toEqual({ code: [message] });
    expect(JSON.stringify(landed.body)).not.toMatch(/internal error|reference =|network connection/i);
    expect(await countRows("workspace_integrations", "workspace_id = (SELECT id FROM workspaces WHERE slug = ?)", t.slug)).toBe(0);
  });

  it("checks with GitHub that the installer administers it, stores it with a bot member, and answers no secret", async () => {
    const t = await installedTeam("gainst");
    expect(t.integration).toMatchObject({
      integration: GITHUB_INTEGRATION_ID,
      integration_detail: { id: GITHUB_INTEGRATION_ID, provider: "github", title: "GitHub" },
      metadata: { installation_id: t.installation.id, account_login: t.account },
      actor: expect.any(String),
    });
    expectNoSecrets(t.integration);

    const bot = await rowOf<{ is_bot: number; first_name: string }>("users", "id = ?", t.integration.actor);
    expect(bot).toMatchObject({ is_bot: 1, first_name: "GitHub" });
    expect(await countRows("workspace_members", "member_id = ? AND role = 15", t.integration.actor)).toBe(1);
    // The bot cannot sign in.
    const botEmail = (await rowOf<{ email: string }>("users", "id = ?", t.integration.actor))!.email;
    expect((await call("POST", "/api/auth/sign-in/", { body: { email: botEmail, password: "!" } })).status).not.toBe(200);

    const listed = await t.member.get(wsPath(t.slug, "workspace-integrations/"));
    expectStatus(listed, 200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: t.integration.id, integration_detail: expect.objectContaining({ provider: "github" }), metadata: t.integration.metadata }),
    ]);
    expectNoSecrets(listed.body);

    // Installing again (a new round trip on the same account) keeps one row and one bot.
    const again = await connectGithub(t.owner, t.slug, t.account);
    expectStatus(again, 201);
    expect(again.body.id).toBe(t.integration.id);
    expect(again.body.actor).toBe(t.integration.actor);
    expect(await countRows("users", "is_bot = 1 AND id IN (SELECT member_id FROM workspace_members WHERE workspace_id = (SELECT id FROM workspaces WHERE slug = ?))", t.slug)).toBe(1);
  });

  it("refuses an installation the installer cannot administer, a bad code, and bad input, writing nothing", async () => {
    const t = await createTeamWithProject("garef");
    const grant = await installOnGithub(await startConnection(t.owner, t.slug, { kind: "github_install" }), uniqueAccount());
    const unknown = await completeGithubInstall(t.owner, t.slug, { ...githubInstallBody(grant), installation_id: 999_999_999 });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error).toBe(GITHUB_INSTALLATION_NOT_YOURS);
    // GitHub's answer to a code it does not know (200 {"error": "bad_verification_code"}) is a 400 with its reason.
    const fresh = await installOnGithub(await startConnection(t.owner, t.slug, { kind: "github_install" }), uniqueAccount());
    const badCode = await completeGithubInstall(t.owner, t.slug, { ...githubInstallBody(fresh), code: "0123456789abcdef0123" });
    expect(badCode.status).toBe(400);
    expect(badCode.body.code[0]).toMatch(/bad_verification_code/);
    for (const body of [{}, { installation_id: "abc" }, { installation_id: -3 }]) {
      const bad = await t.owner.post(wsPath(t.slug, "workspace-integrations/github/"), body);
      expect(bad.status).toBe(400);
      expect(bad.body.installation_id).toEqual(["Expected the installation's id"]);
    }
    expect(await countRows("workspace_integrations", "workspace_id = (SELECT id FROM workspaces WHERE slug = ?)", t.slug)).toBe(0);
    expect((await t.member.get(wsPath(t.slug, "workspace-integrations/"))).body).toEqual([]);
  });

  it("refuses an installation another workspace already connected", async () => {
    const t = await installedTeam("gatwice");
    const other = await createTeamWithProject("gatwice2");
    // Even a person who administers the installation on GitHub cannot move it silently.
    const taken = await connectGithub(other.owner, other.slug, t.account);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("This GitHub installation is connected to another workspace. Remove it there first.");
    expect(await countRows("workspace_integrations", "workspace_id = (SELECT id FROM workspaces WHERE slug = ?)", other.slug)).toBe(0);
    // Once removed there, it may be connected here.
    expect((await t.owner.delete(wsPath(t.slug, `workspace-integrations/${t.integration.id}/provider/`))).status).toBe(204);
    expectStatus(await connectGithub(other.owner, other.slug, t.account), 201);
  });

  it("is for workspace owners; reading is for members", async () => {
    const t = await createTeamWithProject("garole");
    const account = uniqueAccount();
    const grant = await installOnGithub(await startConnection(t.owner, t.slug, { kind: "github_install" }), account);
    for (const client of [t.member, t.viewer, t.guest, t.outsider]) {
      expect((await startConnectionCall(client, t.slug, { kind: "github_install" })).status).toBe(403);
      expect((await completeGithubInstall(client, t.slug, githubInstallBody(grant))).status).toBe(403);
    }
    for (const client of [t.viewer, t.guest, t.outsider]) expect((await client.get(wsPath(t.slug, "workspace-integrations/"))).status).toBe(403);
    expect(await countRows("workspace_integrations", "workspace_id = (SELECT id FROM workspaces WHERE slug = ?)", t.slug)).toBe(0);
  });

  it("keeps a personal access token saved for the importer, and the importer reads as the installation", async () => {
    const t = await createTeamWithProject("gapat");
    const account = uniqueAccount();
    const { repository } = await createFakeRepo({ owner: account, name: uniqueRepoName(), token: `ghp_pat_${account}`, login: account, issues: 3, labels: 2 });
    const saved = await t.owner.put(wsPath(t.slug, "importers/github/credential/"), { token: `ghp_pat_${account}` });
    expectStatus(saved, 200);
    const installed = await connectGithub(t.owner, t.slug, account);
    expectStatus(installed, 201);
    const installation = { id: installed.body.metadata.installation_id as number };
    expect(installed.body.id).toBe(saved.body.integration_id);
    expectNoSecrets(installed.body);
    const row = await rowOf<{ config: string }>("workspace_integrations", "id = ?", installed.body.id);
    expect(await getConfig(env).secrets.open(JSON.parse(row!.config).access_token)).toBe(`ghp_pat_${account}`);

    // The wizard's connection is now the installation, and its reads go through it.
    const connection = await t.member.get(wsPath(t.slug, "importers/github/credential/"));
    expect(connection.body).toEqual({ integration_id: installed.body.id, login: account, via: "app" });
    const info = await t.member.get(wsPath(t.slug, `importers/github/?owner=${account}&repo=${repository.name}`));
    expectStatus(info, 200);
    expect(info.body.issue_count).toBe(3);

    // Saving a token again leaves the installation in place.
    expectStatus(await t.owner.put(wsPath(t.slug, "importers/github/credential/"), { token: `ghp_pat_${account}` }), 200);
    const listed = await t.member.get(wsPath(t.slug, "workspace-integrations/"));
    expect(listed.body[0].metadata.installation_id).toBe(installation.id);
    // Forgetting the token leaves the installation too.
    expect((await t.owner.delete(wsPath(t.slug, "importers/github/credential/"))).status).toBe(204);
    expect((await t.member.get(wsPath(t.slug, "workspace-integrations/"))).body).toHaveLength(1);
  });

  it("lists a GitHub row as installed only when it holds a positive whole installation id", async () => {
    const t = await createTeam("gahold");
    const workspace = await rowOf<{ id: string }>("workspaces", "slug = ?", t.slug);
    const rowId = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.prepare("INSERT INTO workspace_integrations (id, workspace_id, integration_id, metadata, created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?)")
      .bind(rowId, workspace!.id, GITHUB_INTEGRATION_ID, now, now)
      .run();
    // A saved token alone, or an id that is not a positive whole number JavaScript holds exactly.
    const notInstalled = [{ login: "octo", token: "sealed" }, { installation_id: "5" }, { installation_id: 0 }, { installation_id: -4 }, { installation_id: 1.5 }, { installation_id: 2 ** 60 }, { installation_id: null }];
    for (const metadata of [...notInstalled, { installation_id: 5 }]) {
      await env.DB.prepare("UPDATE workspace_integrations SET metadata = ? WHERE id = ?").bind(JSON.stringify(metadata), rowId).run();
      const listed = await t.member.get(wsPath(t.slug, "workspace-integrations/"));
      expectStatus(listed, 200);
      expect(listed.body.map((row: { id: string }) => row.id), JSON.stringify(metadata)).toEqual(notInstalled.includes(metadata) ? [] : [rowId]);
    }
  });
});

describe("the GitHub importer with the app installed", () => {
  it("imports a repository as the installation, keeping no token in the import", async () => {
    const t = await installedTeam("gaimport");
    const [repo] = t.repos.map((r) => r.repository);
    const started = await t.owner.post(wsPath(t.slug, "projects/importers/github/"), {
      metadata: { owner: t.account, name: repo.name, repository_id: repo.id, url: repo.html_url },
      data: { users: [] },
      config: { sync: false },
      project_id: t.project.id,
    });
    expectStatus(started, 201);
    const stored = await rowOf<{ metadata: string }>("importers", "id = ?", started.body.id);
    expect(JSON.parse(stored!.metadata)).toMatchObject({ installation_id: t.installation.id });
    expect(stored!.metadata).not.toContain("access_token");
    let done: { status: string; imported_issues: number } | undefined;
    while (!done) {
      const list = await t.owner.get(wsPath(t.slug, "importers/"));
      const found = list.body.find((row: { id: string }) => row.id === started.body.id);
      if (found && found.status !== "processing") done = found;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(done).toMatchObject({ status: "completed", imported_issues: 2 });
    expect(await countRows("issues", "project_id = ? AND external_source = 'github'", t.project.id)).toBe(2);
  });
});

describe("the installation's repositories", () => {
  it("are listed a page at a time with the total count", async () => {
    const t = await installedTeam("galist", 31);
    // Another account's repository is not the installation's.
    await createFakeRepo({ owner: uniqueAccount(), name: uniqueRepoName(), token: "ghp_someone_else", issues: 1 });
    const first = await t.member.get(wsPath(t.slug, `workspace-integrations/${t.integration.id}/github-repositories/?page=1`));
    expectStatus(first, 200);
    expect(first.body.total_count).toBe(31);
    expect(first.body.repositories).toHaveLength(30);
    const second = await t.member.get(wsPath(t.slug, `workspace-integrations/${t.integration.id}/github-repositories/?page=2`));
    expect(second.body.total_count).toBe(31);
    expect(second.body.repositories).toHaveLength(1);
    const all = [...first.body.repositories, ...second.body.repositories];
    expect(new Set(all.map((r: { id: number }) => r.id)).size).toBe(31);
    expect(all.every((r: { owner: { login: string } }) => r.owner.login === t.account)).toBe(true);
    expect(all[0]).toEqual({ id: expect.any(Number), name: expect.any(String), full_name: expect.stringContaining(`${t.account}/`), owner: { login: t.account }, html_url: expect.any(String) });
    expectNoSecrets([first.body, second.body]);
  });

  it("answers 400 with GitHub's reason once the app was uninstalled on GitHub", async () => {
    const t = await installedTeam("gagone");
    await uninstallFakeApp(t.installation.id);
    // The token minted before is still cached in the isolate; the fake refuses it.
    const listed = await t.member.get(wsPath(t.slug, `workspace-integrations/${t.integration.id}/github-repositories/?page=1`));
    expect(listed.status).toBe(400);
    expect(listed.body.error).toMatch(/GitHub/);
    // The refused token is forgotten: the next call asks for a new one and hears why there is none.
    const again = await t.member.get(wsPath(t.slug, `workspace-integrations/${t.integration.id}/github-repositories/?page=1`));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("The GitHub App is no longer installed on this account. Install it again.");
  });
});

describe("a project's repository sync", () => {
  it("syncs a repository of the installation, makes the bot a member and switches GitHub events on", async () => {
    const t = await installedTeam("gasync", 2);
    const [repo, other] = t.repos.map((r) => r.repository);
    const path = syncPath(t.slug, t.project.id, t.integration.id);
    expect((await t.member.get(path)).body).toEqual([]);

    const payload = { name: repo.name, owner: repo.owner.login, repository_id: repo.id, url: repo.html_url };
    for (const client of [t.member, t.viewer, t.guest]) expect((await client.post(path, payload)).status).toBe(403);

    const synced = await t.owner.post(path, payload);
    expectStatus(synced, 201);
    expect(synced.body).toEqual({
      id: expect.any(String),
      project: t.project.id,
      workspace_integration: t.integration.id,
      repo_detail: { repository_id: repo.id, owner: t.account, name: repo.name, url: repo.html_url },
      actor: t.integration.actor,
      created_at: expect.any(String),
    });
    expect(await countRows("project_members", "project_id = ? AND member_id = ?", t.project.id, t.integration.actor)).toBe(1);
    // The bot comes and goes with the integration: an owner can neither change nor remove it by hand.
    const botInWorkspace = (await rowOf<{ id: string }>("workspace_members", "member_id = ?", t.integration.actor))!.id;
    const botInProject = (await rowOf<{ id: string }>("project_members", "member_id = ?", t.integration.actor))!.id;
    const projectMemberPath = `/api/workspaces/${t.slug}/projects/${t.project.id}/members/${botInProject}/`;
    const workspaceMemberPath = `/api/workspaces/${t.slug}/members/${botInWorkspace}/`;
    for (const refused of [
      await t.owner.patch(workspaceMemberPath, { role: 10 }),
      await t.owner.delete(workspaceMemberPath),
      await t.owner.patch(projectMemberPath, { role: 10 }),
      await t.owner.delete(projectMemberPath),
    ]) {
      expect(refused.status).toBe(409);
      expect(JSON.stringify(refused.body)).toContain(INTEGRATION_BOT_MEMBER);
    }
    expect(await countRows("project_members", "project_id = ? AND member_id = ? AND role = 15", t.project.id, t.integration.actor)).toBe(1);
    expect(await countRows("workspace_members", "member_id = ? AND role = 15", t.integration.actor)).toBe(1);
    const project = await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id);
    expect(project!.event_sinks & GITHUB_EVENTS).toBe(GITHUB_EVENTS);
    const read = await t.guest.get(path);
    expect(read.body).toEqual([synced.body]);

    // Choosing another repository replaces the first.
    const replaced = await t.owner.post(path, { name: other.name, owner: other.owner.login, repository_id: other.id, url: other.html_url });
    expectStatus(replaced, 201);
    expect((await t.member.get(path)).body.map((s: { repo_detail: { name: string } }) => s.repo_detail.name)).toEqual([other.name]);
    expect(await countRows("github_repository_syncs", "project_id = ?", t.project.id)).toBe(1);

    for (const client of [t.member, t.viewer]) expect((await client.delete(path)).status).toBe(403);
    expect((await t.owner.delete(`${path}${replaced.body.id}/`)).status).toBe(204);
    expect((await t.member.get(path)).body).toEqual([]);
    expect((await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id))!.event_sinks & GITHUB_EVENTS).toBe(0);
    expect((await t.owner.delete(path)).status).toBe(404);
  });

  it("refuses a repository the installation cannot read, or a wrong id, writing nothing", async () => {
    const t = await installedTeam("gasyncbad");
    const [repo] = t.repos.map((r) => r.repository);
    const { repository: foreign } = await createFakeRepo({ owner: uniqueAccount(), name: uniqueRepoName(), token: "ghp_foreign", issues: 1 });
    const path = syncPath(t.slug, t.project.id, t.integration.id);
    const notOurs = await t.owner.post(path, { name: foreign.name, owner: foreign.owner.login, repository_id: foreign.id, url: foreign.html_url });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.error).toMatch(/cannot read the repository/);
    const wrongId = await t.owner.post(path, { name: repo.name, owner: repo.owner.login, repository_id: repo.id + 1, url: repo.html_url });
    expect(wrongId.status).toBe(400);
    const malformed = await t.owner.post(path, { name: "../etc", owner: repo.owner.login, repository_id: "x", url: "nope" });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body).sort()).toEqual(["name", "repository_id", "url"]);
    expect(await countRows("github_repository_syncs", "project_id = ?", t.project.id)).toBe(0);
    expect(await countRows("project_members", "project_id = ? AND member_id = ?", t.project.id, t.integration.actor)).toBe(0);
    // Under an integration that is not this workspace's GitHub App: 404.
    expect((await t.owner.post(syncPath(t.slug, t.project.id, "00000000-0000-4000-8000-00000000ffff"), { ...repo })).status).toBe(404);
  });
});

describe("removing an installation", () => {
  it("is for owners, and takes its repository syncs, its bot and the projects' GitHub events with it", async () => {
    const t = await installedTeam("gadel");
    const [repo] = t.repos.map((r) => r.repository);
    const path = syncPath(t.slug, t.project.id, t.integration.id);
    expectStatus(await t.owner.post(path, { name: repo.name, owner: repo.owner.login, repository_id: repo.id, url: repo.html_url }), 201);

    const removePath = wsPath(t.slug, `workspace-integrations/${t.integration.id}/provider/`);
    for (const client of [t.member, t.viewer, t.guest, t.outsider]) expect((await client.delete(removePath)).status).toBe(403);
    expect((await t.owner.delete(removePath)).status).toBe(204);

    expect((await t.member.get(wsPath(t.slug, "workspace-integrations/"))).body).toEqual([]);
    expect(await countRows("github_repository_syncs", "project_id = ?", t.project.id)).toBe(0);
    expect(await countRows("workspace_members", "member_id = ?", t.integration.actor)).toBe(0);
    expect(await countRows("project_members", "member_id = ?", t.integration.actor)).toBe(0);
    expect((await rowOf<{ event_sinks: number }>("projects", "id = ?", t.project.id))!.event_sinks).toBe(0);
    expect((await t.owner.delete(removePath)).status).toBe(404);
    // The repository listing now says GitHub is not connected.
    expect((await t.member.get(wsPath(t.slug, `workspace-integrations/${t.integration.id}/github-repositories/?page=1`))).status).toBe(404);
  });
});

describe("the workspace integrations page", () => {
  const ROUTE = "routes/$workspaceSlug.settings.integrations";

  it("shows owners a card per integration with where Add installation goes, and the installation once there", async () => {
    const t = await createTeamWithProject("gapage");
    const before = await loadPageData<IntegrationsPageData>(t.owner, `/${t.slug}/settings/integrations.data`, ROUTE);
    expect(before.authorized).toBe(true);
    expect(before.can_manage).toBe(true);
    expect(before.cards.map((c) => [c.integration.provider, c.configured, c.installation])).toEqual([
      ["github", true, null],
      ["slack", true, null],
    ]);
    // "Add installation" starts a round trip: the provider's page with a fresh state for this workspace.
    const github = await startConnection(t.owner, t.slug, { kind: "github_install" });
    expect(github.pathname).toBe("/apps/edge-tracker-test/installations/new");
    expect(github.searchParams.get("state")).toMatch(new RegExp(`^${t.slug}\\.[A-Za-z0-9_-]{43}$`));
    const slack = await startConnection(t.owner, t.slug, { kind: "slack_install" });
    expect(slack.searchParams.get("redirect_uri")).toBe("http://tracker.test/installations/slack");
    expect(slack.searchParams.get("state")).toMatch(new RegExp(`^${t.slug}\\.[A-Za-z0-9_-]{43}$`));
    expect(slack.searchParams.get("state")).not.toBe(github.searchParams.get("state"));

    const account = uniqueAccount();
    expectStatus(await connectGithub(t.owner, t.slug, account), 201);
    const after = await loadPageData<IntegrationsPageData>(t.member, `/${t.slug}/settings/integrations.data`, ROUTE);
    expect(after.can_manage).toBe(false);
    expect(after.cards[0].installation?.metadata.account_login).toBe(account);
    expectNoSecrets(after);

    const viewer = await loadPageData<IntegrationsPageData>(t.viewer, `/${t.slug}/settings/integrations.data`, ROUTE);
    expect(viewer).toEqual({ authorized: false, can_manage: false, cards: [] });
  });
});
