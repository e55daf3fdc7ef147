// A workspace with one project, created through the API, and the paths tests need.
import { env } from "cloudflare:workers";
import { type Client, signUp } from "./api";

let seq = 0;

export interface ProjectFixture {
  owner: Client;
  slug: string;
  projectId: string;
  identifier: string;
  /** /api/workspaces/{slug}/projects/{projectId} */
  base: string;
  states: Record<"Backlog" | "Todo" | "In Progress" | "Done" | "Cancelled", string>;
}

export async function createProjectFixture(owner?: Client, identifier = "ISS"): Promise<ProjectFixture> {
  const user = owner ?? (await signUp({ first_name: "Owner" }));
  const slug = `ws-${Date.now().toString(36)}-${++seq}`;
  const workspace = await user.post("/api/workspaces/", { name: `Workspace ${seq}`, slug });
  if (workspace.status !== 201) throw new Error(`workspace: ${JSON.stringify(workspace.body)}`);
  const project = await user.post(`/api/workspaces/${slug}/projects/`, { name: `Project ${seq}`, identifier });
  if (project.status !== 201) throw new Error(`project: ${JSON.stringify(project.body)}`);
  const rows = await env.DB.prepare("SELECT id, name FROM states WHERE project_id = ?").bind(project.body.id).all<{ id: string; name: string }>();
  const states = Object.fromEntries(rows.results.map((row) => [row.name, row.id])) as ProjectFixture["states"];
  return { owner: user, slug, projectId: project.body.id, identifier, base: `/api/workspaces/${slug}/projects/${project.body.id}`, states };
}

/** Signs up a user and makes them a workspace and project member with `role`. */
export async function addMember(fixture: ProjectFixture, role: 20 | 15 | 10 | 5, name = "Member"): Promise<Client> {
  const member = await signUp({ first_name: name });
  const invite = await fixture.owner.post(`/api/workspaces/${fixture.slug}/invite/`, { emails: [{ email: member.user.email, role }] });
  if (invite.status !== 200) throw new Error(`invite: ${JSON.stringify(invite.body)}`);
  const accept = await member.post("/api/users/me/invitations/workspaces/", { token: invite.body.invitations[0].token });
  if (accept.status !== 200) throw new Error(`accept: ${JSON.stringify(accept.body)}`);
  const add = await fixture.owner.post(`${fixture.base}/members/add/`, { members: [{ member_id: member.user.id, role }] });
  if (add.status !== 201) throw new Error(`add member: ${JSON.stringify(add.body)}`);
  return member;
}
