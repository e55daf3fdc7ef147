// The GitHub half of the importer bench: a repository generated on the local fake GitHub, the
// workspace's token for it, and a start() that posts the import as the wizard does.

/** Sets up the repository and the token; answers `{ issues, start(projectId) }` for the suite. */
export async function benchGithub({ url, cookie, workspaceSlug, githubUrl, issues = 5000 }) {
  const stamp = Date.now().toString(36);
  const spec = {
    owner: "bench",
    name: `bench-${stamp}`,
    token: `ghp_bench${stamp}`,
    issues,
    closed_ratio: 1 / 3,
    comments_per_issue: 1,
    labels: 10,
    issues_with_sub_issues: Math.floor(issues / 25),
    sub_issues_per_parent: 3,
    issues_tracking_others: 20,
    pull_requests: Math.floor(issues / 10),
    collaborators: 5,
  };
  const created = await fetch(`${githubUrl}/_fake/repos`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
  if (!created.ok) throw new Error(`fake GitHub: ${created.status} ${await created.text()}`);
  const { repository } = await created.json();

  const api = async (method, pathname, body) => {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: { cookie, "content-type": "application/json", origin: url },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  await api("PUT", `/api/workspaces/${workspaceSlug}/importers/github/credential/`, { token: spec.token });
  return {
    issues,
    start: (projectId) =>
      api("POST", `/api/workspaces/${workspaceSlug}/projects/importers/github/`, {
        metadata: { owner: spec.owner, name: spec.name, repository_id: repository.id, url: repository.html_url },
        data: { users: [] },
        config: { sync: false },
        project_id: projectId,
      }),
  };
}
