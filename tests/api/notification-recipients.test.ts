// The recipients rule as a property: whatever sequence of writes people of every standing make
// (assign, unassign, mention, change state or priority, comment, subscribe, unsubscribe), every
// notification goes to a member of the issue's project, never to its actor, and a person who
// was never in the project has none.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUp } from "../helpers/api";
import { fuzzRun } from "../helpers/hostile-input";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let people: Client[];
let outsider: Client;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "RCP");
  people = [p.owner, await addMember(p, 15, "Member"), await addMember(p, 10, "Viewer"), await addMember(p, 5, "Guest")];
  outsider = await signUp({ first_name: "Outsider" });
  const invite = await p.owner.post(`/api/workspaces/${p.slug}/invite/`, { emails: [{ email: outsider.user.email, role: 15 }] });
  await outsider.post("/api/users/me/invitations/workspaces/", { token: invite.body.invitations[0].token });
});

const chip = (user: Client) => `<span data-type="mention" data-id="${user.user.id}" data-label="x" class="mention">@x</span>`;
const doc = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] };

/** A person of the project by index (owner, member, viewer, guest); 4 names the outsider. */
const someone = fc.integer({ min: 0, max: 3 });
const anyone = fc.integer({ min: 0, max: 4 });

const write = fc.oneof(
  fc.record({ kind: fc.constant("assign" as const), by: someone, to: fc.uniqueArray(anyone, { maxLength: 3 }) }),
  fc.record({ kind: fc.constant("state" as const), by: someone, state: fc.constantFrom("Todo", "In Progress", "Done") }),
  fc.record({ kind: fc.constant("priority" as const), by: someone, priority: fc.constantFrom("urgent", "high", "low", "none") }),
  fc.record({ kind: fc.constant("comment" as const), by: someone, mention: fc.option(anyone, { nil: undefined }) }),
  fc.record({ kind: fc.constant("follow" as const), by: anyone, on: fc.boolean() }),
);

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
const personAt = (i: number) => (i === 4 ? outsider : people[i]);

async function apply(issueId: string, step: Write) {
  const by = personAt(step.by);
  const path = `${p.base}/issues/${issueId}`;
  switch (step.kind) {
    case "assign":
      return by.patch(`${path}/`, { assignees_list: step.to.map((i) => personAt(i).user.id) });
    case "state":
      return by.patch(`${path}/`, { state: p.states[step.state as keyof ProjectFixture["states"]] });
    case "priority":
      return by.patch(`${path}/`, { priority: step.priority });
    case "comment":
      return by.post(`${path}/comments/`, { comment_json: doc, comment_html: `<p>x ${step.mention === undefined ? "" : chip(personAt(step.mention))}</p>` });
    case "follow":
      return step.on ? by.post(`${path}/subscription/`) : by.delete(`${path}/subscription/`);
  }
}

describe("notification recipients", () => {
  it("only ever reach members of the project, never the actor", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 6 }), async (steps) => {
        const issue = await p.owner.post(`${p.base}/issues/`, { name: "Property" });
        for (const step of steps) {
          const answer = await apply(issue.body.id, step);
          // Refusals (a viewer writing, a mention of the outsider) are part of the property: never a 5xx.
          expect(answer.status).toBeLessThan(500);
        }
        const wrong = await env.DB.prepare(
          `SELECT n.id FROM notifications n
           WHERE n.issue_id = ?1 AND (n.recipient_id = n.actor_id
             OR NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = n.project_id AND pm.member_id = n.recipient_id))`,
        )
          .bind(issue.body.id)
          .all();
        expect(wrong.results).toEqual([]);
        expect(await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE recipient_id = ?").bind(outsider.user.id).first("n")).toBe(0);
      }),
      fuzzRun(40),
    );
  });
});
