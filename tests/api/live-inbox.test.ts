// The inbox is live: whenever a person's notifications change (a new one, one they read or
// snoozed in another tab, a snoozed one coming back) every open tab of that person hears an
// `inbox` notice on the workspace's live channel, and nobody else does: not the actor, not a
// member the change is not about, not someone outside the project.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, signUp } from "../helpers/api";
import { doc, mention } from "../helpers/rich-text";
import { type HubSocket, connectHub } from "../helpers/board";
import { addToWorkspace, uniqueIdentifier } from "../helpers/fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";
import { ROLE } from "../../workers/domain/schemas/constants";


let p: ProjectFixture;
let alice: Client;
let bob: Client;
let carol: Client;
/** In the workspace but not in the project. */
let outsider: Client;
const open: HubSocket[] = [];

beforeAll(async () => {
  p = await createProjectFixture(undefined, "LIN");
  alice = await addMember(p, ROLE.member, "Alice");
  bob = await addMember(p, ROLE.member, "Bob");
  carol = await addMember(p, ROLE.member, "Carol");
  outsider = await signUp({ first_name: "Outsider" });
  await addToWorkspace(p.owner, p.slug, outsider, ROLE.member);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

async function tab(client: Client) {
  const socket = await connectHub(client, p.slug);
  open.push(socket);
  return socket;
}

const kinds = (message: { notices: { kind: string }[] }) => message.notices.map((notice) => notice.kind).sort();

async function newIssue(by: Client) {
  const made = await by.post(`${p.base}/issues/`, { name: "Live inbox" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

/** A later notice every member hears: whoever hears it next without an inbox notice first heard none. */
async function projectsNotice() {
  const made = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Marker", identifier: uniqueIdentifier() });
  expect(made.status).toBe(201);
}

const unread = async (client: Client) => (await client.get(`/api/workspaces/${p.slug}/notifications/unread-count/`)).body.unread as number;

describe("the inbox notice", () => {
  it("reaches every tab of the person mentioned, and nobody else", async () => {
    const issueId = await newIssue(alice);
    const [bobFirst, bobSecond] = [await tab(bob), await tab(bob)];
    const [aliceTab, carolTab, outsiderTab] = [await tab(alice), await tab(carol), await tab(outsider)];
    const comment = await alice.post(`${p.base}/issues/${issueId}/comments/`, { comment_json: doc("x"), comment_html: `<p>Over to you ${mention(bob)}</p>` });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
    expect(kinds(await bobFirst.next("notices"))).toEqual(["inbox"]);
    expect(kinds(await bobSecond.next("notices"))).toEqual(["inbox"]);

    await projectsNotice();
    for (const socket of [aliceTab, carolTab, outsiderTab]) expect(kinds(await socket.next("notices"))).toEqual(["projects"]);
  });

  it("reaches the subscribers when the state changes, and the person assigned", async () => {
    const issueId = await newIssue(alice);
    expect((await carol.post(`${p.base}/issues/${issueId}/subscription/`)).status).toBe(200);
    const [aliceTab, bobTab, carolTab] = [await tab(alice), await tab(bob), await tab(carol)];
    expect((await p.owner.patch(`${p.base}/issues/${issueId}/`, { state: p.states["In Progress"], assignees_list: [bob.user.id] })).status).toBe(200);
    for (const socket of [aliceTab, bobTab, carolTab]) expect(kinds(await socket.next("notices"))).toEqual(["inbox"]);
  });

  it("reaches the person's other tabs when they read or archive one, or read them all", async () => {
    const issueId = await newIssue(alice);
    expect((await alice.patch(`${p.base}/issues/${issueId}/`, { assignees_list: [bob.user.id] })).status).toBe(200);
    const [other, aliceTab] = [await tab(bob), await tab(alice)];
    const [note] = (await bob.get(`/api/workspaces/${p.slug}/notifications/`)).body.filter((n: { issue: { id: string } }) => n.issue.id === issueId);
    expect((await bob.patch(`/api/workspaces/${p.slug}/notifications/${note.id}/`, { read: true })).status).toBe(200);
    expect(kinds(await other.next("notices"))).toEqual(["inbox"]);
    expect((await bob.patch(`/api/workspaces/${p.slug}/notifications/${note.id}/`, { read: false })).status).toBe(200);
    expect(kinds(await other.next("notices"))).toEqual(["inbox"]);
    expect((await bob.post(`/api/workspaces/${p.slug}/notifications/mark-all-read/`, {})).status).toBe(200);
    expect(kinds(await other.next("notices"))).toEqual(["inbox"]);
    // Bob's reading is Bob's: the actor of the issue hears none of it.
    await projectsNotice();
    expect(kinds(await aliceTab.next("notices"))).toEqual(["projects"]);
  });

  it("comes again when a snoozed notification's time comes, and the count has it back", async () => {
    const issueId = await newIssue(alice);
    expect((await alice.patch(`${p.base}/issues/${issueId}/`, { assignees_list: [carol.user.id] })).status).toBe(200);
    const before = await unread(carol);
    const [note] = (await carol.get(`/api/workspaces/${p.slug}/notifications/`)).body.filter((n: { issue: { id: string } }) => n.issue.id === issueId);
    const carolTab = await tab(carol);
    const wakeAt = new Date(Date.now() + 1500).toISOString();
    expect((await carol.patch(`/api/workspaces/${p.slug}/notifications/${note.id}/`, { snoozed_until: wakeAt })).status).toBe(200);
    expect(kinds(await carolTab.next("notices"))).toEqual(["inbox"]);
    expect(await unread(carol)).toBe(before - 1);

    // Nothing is done in between: the hub's alarm tells the tab when the time comes.
    expect(kinds(await carolTab.next("notices", 10_000))).toEqual(["inbox"]);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(wakeAt));
    expect(await unread(carol)).toBe(before);
  });
});
