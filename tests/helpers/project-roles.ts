// A workspace with one project and a user at every project role, built through the public API
// the way real users get there: invite, accept, add to the project.
import { fetchWorker } from "./worker";
import { expect } from "vitest";
import { type Change, PROTOCOL_VERSION, type ServerMessage } from "../../durable-objects/protocol";
import { type Client, ORIGIN, signUp } from "./api";

export interface ProjectWithRoles {
  slug: string;
  projectId: string;
  /** /api/workspaces/{slug}/projects/{projectId} */
  base: string;
  owner: Client;
  member: Client;
  viewer: Client;
  guest: Client;
  /** A workspace member (role 15) who has not joined the project. */
  outsider: Client;
}

let workspaceCounter = 0;
const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++workspaceCounter}`;

let identifierCounter = 0;
/** 1-5 uppercase letters, different on every call. */
export function uniqueIdentifier() {
  let n = ++identifierCounter;
  let letters = "";
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0 && letters.length < 4);
  return `P${letters}`;
}

export async function createWorkspace(owner: Client, prefix = "ws") {
  const slug = uniqueSlug(prefix);
  const response = await owner.post("/api/workspaces/", { name: `Workspace ${slug}`, slug });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return slug;
}

export async function createProject(owner: Client, slug: string, name = "Project") {
  const response = await owner.post(`/api/workspaces/${slug}/projects/`, { name, identifier: uniqueIdentifier() });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

/** Invites `user` to the workspace at `role` and accepts the invitation as them. */
export async function joinWorkspace(owner: Client, slug: string, user: Client, role: number) {
  const invite = await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: user.user.email, role }] });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const accepted = await user.post("/api/users/me/invitations/workspaces/", { token: invite.body.invitations[0].token });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

export async function addToProject(owner: Client, slug: string, projectId: string, user: Client, role: number) {
  const added = await owner.post(`/api/workspaces/${slug}/projects/${projectId}/members/add/`, {
    members: [{ member_id: user.user.id, role }],
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
}

export async function projectWithRoles(): Promise<ProjectWithRoles> {
  const [owner, member, viewer, guest, outsider] = await Promise.all([
    signUp({ first_name: "Owner" }),
    signUp({ first_name: "Member" }),
    signUp({ first_name: "Viewer" }),
    signUp({ first_name: "Guest" }),
    signUp({ first_name: "Outsider" }),
  ]);
  const slug = await createWorkspace(owner);
  const projectId = await createProject(owner, slug);
  for (const [user, role] of [
    [member, 15],
    [viewer, 10],
    [guest, 5],
    [outsider, 15],
  ] as const) {
    await joinWorkspace(owner, slug, user, role);
    if (user !== outsider) await addToProject(owner, slug, projectId, user, role);
  }
  return { slug, projectId, base: `/api/workspaces/${slug}/projects/${projectId}`, owner, member, viewer, guest, outsider };
}

/** A live-board socket of `client` on the project at `base`, collecting the changes it is sent. */
export async function openBoard(client: Client, base: string) {
  const response = await fetchWorker(`${ORIGIN}${base}/board`, { headers: { Upgrade: "websocket", origin: ORIGIN, cookie: client.cookie } });
  expect(response.status).toBe(101);
  const socket = response.webSocket!;
  socket.accept();
  const changes: Change[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data as string) as ServerMessage;
    if (message.type === "connected") connected();
    if (message.type === "changes") changes.push(...message.changes);
  });
  socket.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION, lastClock: 0 }));
  await ready;
  return {
    changes,
    /** Waits until a change matching `predicate` has arrived. */
    async next(predicate: (change: Change) => boolean) {
      for (let attempt = 0; attempt < 100; attempt++) {
        const found = changes.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no matching board change in ${JSON.stringify(changes)}`);
    },
    close: () => socket.close(1000, "done"),
  };
}
