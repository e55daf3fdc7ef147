// The workspace's live channel: every member's socket hears that the projects list changed, a
// user's favourites notice reaches only that user's sockets, only members may connect, and a
// client that was away hears once, on reconnecting, which lists changed meanwhile.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "../../durable-objects/protocol";
import { ROLE } from "../../workers/domain/schemas/constants";
import { type Client, signUp } from "../helpers/api";
import { type HubSocket, connectHub, openHubSocket } from "../helpers/board";
import { addToWorkspace, uniqueIdentifier } from "../helpers/fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let member: Client;
const open: HubSocket[] = [];

async function hub(client: Client, lastClock = 0) {
  const socket = await connectHub(client, p.slug, lastClock);
  open.push(socket);
  return socket;
}

const kinds = (message: { notices: { kind: string }[] }) => message.notices.map((notice) => notice.kind).sort();

async function newProject(client: Client, name: string) {
  const response = await client.post(`/api/workspaces/${p.slug}/projects/`, { name, identifier: uniqueIdentifier() });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

async function newCycle(name: string) {
  const response = await p.owner.post(`${p.base}/cycles/`, { name });
  expect(response.status).toBe(201);
  return response.body as { id: string };
}

beforeAll(async () => {
  p = await createProjectFixture(undefined, "HUB");
  member = await addMember(p, ROLE.member, "Member");
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

describe("the projects list", () => {
  it("tells every member's socket when another member creates, renames or deletes a project", async () => {
    const watching = await hub(p.owner);
    const creator = await hub(member);
    const created = await newProject(member, "Launch");
    expect((await watching.next("notices")).notices).toEqual([{ kind: "projects", op: "changed" }]);
    expect(kinds(await creator.next("notices"))).toEqual(["projects"]);

    expect((await member.patch(`/api/workspaces/${p.slug}/projects/${created.id}/`, { name: "Launch 2" })).status).toBe(200);
    expect(kinds(await watching.next("notices"))).toEqual(["projects"]);
    expect((await member.delete(`/api/workspaces/${p.slug}/projects/${created.id}/`)).status).toBe(204);
    expect(kinds(await watching.next("notices"))).toEqual(["projects"]);
  });

  it("tells the members when someone is added to or removed from a project", async () => {
    const watching = await hub(member);
    const newcomer = await signUp({ first_name: "Newcomer" });
    await addToWorkspace(p.owner, p.slug, newcomer, ROLE.member);
    const added = await p.owner.post(`${p.base}/members/add/`, { members: [{ member_id: newcomer.user.id, role: ROLE.member }] });
    expect(added.status).toBe(201);
    expect(kinds(await watching.next("notices"))).toEqual(["projects"]);
    const removed = await p.owner.delete(`${p.base}/members/${added.body[0].id}/`);
    expect(removed.status).toBe(204);
    expect(kinds(await watching.next("notices"))).toEqual(["projects"]);
  });
});

describe("who may connect", () => {
  it("closes the sockets of someone removed from the workspace, who hears nothing more; others stay", async () => {
    const leaver = await signUp({ first_name: "Leaver" });
    await addToWorkspace(p.owner, p.slug, leaver, ROLE.member);
    const [first, second] = [await hub(leaver), await hub(leaver)];
    const watching = await hub(p.owner);
    const membership = await leaver.get(`/api/workspaces/${p.slug}/workspace-members/me/`);
    expect((await p.owner.delete(`/api/workspaces/${p.slug}/members/${membership.body.id}/`)).status).toBe(204);
    expect([await first.closed(), await second.closed()]).toEqual([4003, 4003]);
    expect(first.messages).toContainEqual(expect.objectContaining({ type: "error", code: "forbidden" }));

    // The rest of the workspace still hears its notices, and the removed person cannot come back.
    await newProject(p.owner, "After the leaver");
    expect(kinds(await watching.next("notices"))).toContain("projects");
    expect(watching.closeCode).toBeNull();
    expect((await openHubSocket(leaver, p.slug)).status).toBe(403);
  });


  it("refuses a stranger, an anonymous caller and a non-upgrade request", async () => {
    const stranger = await signUp({ first_name: "Stranger" });
    const refused = await openHubSocket(stranger, p.slug);
    expect(refused.status).toBe(403);
    expect(refused.webSocket).toBeNull();
    expect((await openHubSocket(null, p.slug)).status).toBe(401);
    expect((await p.owner.get(`/api/workspaces/${p.slug}/live`)).status).toBe(400);
  });

  it("tells a client on another protocol version to reload and closes its socket", async () => {
    const response = await openHubSocket(member, p.slug);
    const socket = response.webSocket;
    if (!socket) throw new Error("no socket");
    socket.accept();
    const heard: unknown[] = [];
    socket.addEventListener("message", (event) => heard.push(JSON.parse(event.data as string)));
    const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
    socket.send(JSON.stringify({ type: "connect", protocolVersion: PROTOCOL_VERSION - 1, lastClock: 0 }));
    expect(await closed).toBe(4000);
    expect(heard).toEqual([{ type: "error", code: "protocol_version", message: "Please reload the page." }]);
  });
});

describe("favourites", () => {
  it("go only to the sockets of the user whose favourites changed", async () => {
    const [tabA, tabB] = [await hub(member), await hub(member)];
    const other = await hub(p.owner);
    const cycle = await newCycle("Sprint");
    expect((await member.post(`${p.base}/user-favorite-cycles/`, { cycle: cycle.id })).status).toBe(201);
    expect((await tabA.next("notices")).notices).toEqual([{ kind: "favorites", op: "changed" }]);
    expect(kinds(await tabB.next("notices"))).toEqual(["favorites"]);

    // The next thing the owner hears is a later projects notice: the favourites one was not theirs.
    await newProject(p.owner, "Later");
    expect(kinds(await other.next("notices"))).toEqual(["projects"]);
    expect(other.messages.filter((message) => message.type === "notices")).toEqual([]);
  });

  it("tells the users who starred a cycle, module, view or page when someone renames it, and only then", async () => {
    const starrable = [
      { path: "cycles", star: "user-favorite-cycles", field: "cycle" },
      { path: "modules", star: "user-favorite-modules", field: "module" },
      { path: "views", star: "user-favorite-views", field: "view" },
      { path: "pages", star: "user-favorite-pages", field: "page" },
    ];
    for (const { path, star, field } of starrable) {
      const created = await p.owner.post(`${p.base}/${path}/`, { name: `Starred ${field}` });
      expect(created.status).toBe(201);
      expect((await member.post(`${p.base}/${star}/`, { [field]: created.body.id })).status).toBe(201);
      const watching = await hub(member);
      // Another person renames it: the sidebar of the one who starred it must show the new name.
      expect((await p.owner.patch(`${p.base}/${path}/${created.body.id}/`, { name: `Renamed ${field}` })).status).toBe(200);
      expect(kinds(await watching.next("notices"))).toEqual(["favorites"]);
      // The same name again changes nothing in the sidebar: the next notice is a later project's.
      expect((await p.owner.patch(`${p.base}/${path}/${created.body.id}/`, { name: `Renamed ${field}` })).status).toBe(200);
      await newProject(p.owner, `After ${field}`);
      expect(kinds(await watching.next("notices"))).toEqual(["projects"]);
    }
  });

  it("tells the users who starred a thing when it is deleted, with its favourites", async () => {
    const cycle = await newCycle("Doomed");
    expect((await member.post(`${p.base}/user-favorite-cycles/`, { cycle: cycle.id })).status).toBe(201);
    const watching = await hub(member);
    expect((await p.owner.delete(`${p.base}/cycles/${cycle.id}/`)).status).toBe(204);
    expect(kinds(await watching.next("notices"))).toEqual(["favorites"]);
  });
});

describe("reconnecting", () => {
  it("hears once which lists changed while away, and nothing about others' favourites", async () => {
    const first = await hub(member);
    const { clock } = await first.next("connected");
    first.close();

    await newProject(p.owner, "While away");
    await newProject(p.owner, "Also while away");
    const cycle = await newCycle("Starred by the owner");
    expect((await p.owner.post(`${p.base}/user-favorite-cycles/`, { cycle: cycle.id })).status).toBe(201);

    const back = await hub(member, clock);
    expect(kinds(await back.next("notices"))).toEqual(["projects"]);
    // One message for all that was missed: the next one is the next change.
    await newProject(p.owner, "Back live");
    expect(kinds(await back.next("notices"))).toEqual(["projects"]);
    expect(back.messages.filter((message) => message.type === "notices")).toEqual([]);
  });
});
