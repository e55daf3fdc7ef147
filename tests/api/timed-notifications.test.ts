// What the clock tells people: an open issue assigned to them due tomorrow, a cycle with their open
// work starting today or ended yesterday. Each once (the hourly pass may run again), to members of
// the project only, never about finished work; the person's open tabs hear of it.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tellTimedNotifications } from "../../workers/jobs";
import type { Client } from "../helpers/api";
import { type HubSocket, connectHub } from "../helpers/board";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";
import { ROLE } from "../../workers/domain/schemas/constants";

let p: ProjectFixture;
let bob: Client;
let dana: Client;
const open: HubSocket[] = [];

beforeAll(async () => {
  p = await createProjectFixture(undefined, "CLK");
  bob = await addMember(p, ROLE.member, "Bob");
  dana = await addMember(p, ROLE.member, "Dana");
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

const now = new Date();
const day = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);

type Note = { issue: { id: string }; actor: unknown; changes: { kind: string; new_value?: string; cycle_id?: string }[] };
const notesOn = async (client: Client, issueId: string) =>
  ((await client.get(`/api/workspaces/${p.slug}/notifications/`)).body as Note[]).filter((n) => n.issue.id === issueId);

async function newIssue(fields: Record<string, unknown>) {
  const made = await p.owner.post(`${p.base}/issues/`, { name: "Timed", ...fields });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

async function newCycle(dates: { start_date: string; end_date: string }, name = "Sprint") {
  const made = await p.owner.post(`${p.base}/cycles/`, { name, ...dates });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as string;
}

describe("due tomorrow", () => {
  it("tells each assignee of an open issue once, and nobody about a done one or another day", async () => {
    const due = await newIssue({ target_date: day(1), assignees_list: [bob.user.id, dana.user.id] });
    const done = await newIssue({ target_date: day(1), assignees_list: [bob.user.id], state: p.states.Done });
    const later = await newIssue({ target_date: day(2), assignees_list: [bob.user.id] });
    const tab = await connectHub(bob, p.slug);
    open.push(tab);

    await tellTimedNotifications(env, now);
    for (const person of [bob, dana]) {
      const [note] = (await notesOn(person, due)).filter((n) => n.actor === null);
      expect(note.changes).toEqual([{ kind: "due_soon", new_value: day(1) }]);
    }
    expect((await tab.next("notices")).notices).toEqual([{ kind: "inbox", op: "changed" }]);
    expect((await notesOn(bob, done)).filter((n) => n.actor === null)).toEqual([]);
    expect((await notesOn(bob, later)).filter((n) => n.actor === null)).toEqual([]);

    // The next hour's pass tells nothing again.
    await tellTimedNotifications(env, new Date(now.getTime() + 3_600_000));
    expect((await notesOn(bob, due)).filter((n) => n.actor === null)).toHaveLength(1);
  });

  it("tells nobody who has left the project", async () => {
    const leaver = await addMember(p, ROLE.member, "Leaver");
    const due = await newIssue({ target_date: day(1), assignees_list: [leaver.user.id] });
    const memberships = (await p.owner.get(`${p.base}/members/`)).body as { id: string; member: { id: string } }[];
    const membership = memberships.find((m) => m.member.id === leaver.user.id);
    expect((await p.owner.delete(`${p.base}/members/${membership?.id}/`)).status).toBe(204);
    await tellTimedNotifications(env, now);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE issue_id = ? AND recipient_id = ? AND actor_id IS NULL").bind(due, leaver.user.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe("cycles", () => {
  it("tells the assignees of open work when a cycle starts today, once", async () => {
    const cycle = await newCycle({ start_date: day(0), end_date: day(7) }, "Starting");
    const work = await newIssue({ assignees_list: [dana.user.id], cycle });
    const finished = await newIssue({ assignees_list: [dana.user.id], cycle, state: p.states.Cancelled });
    await tellTimedNotifications(env, now);
    await tellTimedNotifications(env, now);
    const notes = (await notesOn(dana, work)).filter((n) => n.actor === null);
    expect(notes.map((n) => n.changes)).toEqual([[{ kind: "cycle_started", new_value: "Starting", cycle_id: cycle }]]);
    expect((await notesOn(dana, finished)).filter((n) => n.actor === null)).toEqual([]);
  });

  it("tells the assignees of work still open when a cycle ended yesterday", async () => {
    const cycle = await newCycle({ start_date: day(20), end_date: day(27) }, "Ended");
    const open = await newIssue({ assignees_list: [bob.user.id], cycle });
    const done = await newIssue({ assignees_list: [bob.user.id], cycle, state: p.states.Done });
    // A cycle cannot be given past dates through the API; the calendar moved on instead.
    await env.DB.prepare("UPDATE cycles SET start_date = ?, end_date = ? WHERE id = ?").bind(day(-8), day(-1), cycle).run();
    await tellTimedNotifications(env, now);
    expect((await notesOn(bob, open)).filter((n) => n.actor === null).map((n) => n.changes)).toEqual([[{ kind: "cycle_ended", new_value: "Ended", cycle_id: cycle }]]);
    expect((await notesOn(bob, done)).filter((n) => n.actor === null)).toEqual([]);
  });
});
