// The project settings States page as the browser uses it: its forms (the inline form and the
// create dialog post form data) and its buttons (JSON intents) posted to the page's action the
// way Remix's fetchers post them. Every refused write (bad input, a viewer or guest, a rule of
// the states) changes nothing.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { type Client, ORIGIN } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { type PageActionBody, postPageAction } from "../helpers/page-action";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

beforeEach(async () => {
  w = await createTeamWithProject("pstates");
});

function post(client: Client, body: PageActionBody) {
  return postPageAction(client, `/${w.slug}/projects/${w.project.id}/settings/states.data`, body);
}

interface StateRow {
  id: string;
  name: string;
  description: string;
  color: string;
  group: string;
  default: number;
  sequence: number;
}

async function stateRows() {
  const { results } = await env.DB.prepare(
    `SELECT id, name, description, color, "group", "default", sequence FROM states WHERE project_id = ? ORDER BY sequence, id`,
  )
    .bind(w.project.id)
    .all<StateRow>();
  return results;
}

const byName = async (name: string) => (await stateRows()).find((state) => state.name === name)!;

const statesPath = () => `/api/workspaces/${w.slug}/projects/${w.project.id}/states/`;

async function addState(name: string, group: string, sequence: number) {
  const response = await w.owner.post(statesPath(), { name, group, sequence });
  expectStatus(response, 201);
  return response.body.id as string;
}

describe("the page", () => {
  it("lists the states by name for members and shows guests and viewers the not-authorized screen", async () => {
    const page = await fetchWorker(`${ORIGIN}/${w.slug}/projects/${w.project.id}/settings/states`, { headers: { cookie: w.member.cookie } });
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const name of ["Backlog", "Todo", "In Progress", "Done", "Cancelled"]) expect(html).toContain(name);
    expect(html).toContain("Create state");
    const viewer = await fetchWorker(`${ORIGIN}/${w.slug}/projects/${w.project.id}/settings/states`, { headers: { cookie: w.viewer.cookie } });
    expect(await viewer.text()).toContain("Oops! You are not authorized to view this page");
  });
});

describe("create", () => {
  it("adds a state to the group the form names", async () => {
    const answer = await post(w.member, {
      form: { intent: "create-state", form: "inline", group: "started", name: "In Review", color: "#aabbcc", description: "Waiting on review" },
    });
    expect(answer.status, answer.text).toBe(200);
    const state = await byName("In Review");
    expect(state).toMatchObject({ group: "started", color: "#aabbcc", description: "Waiting on review", default: 0 });
  });

  it("answers each form's own message with 400 and changes nothing", async () => {
    const before = await stateRows();
    const empty = await post(w.owner, { form: { intent: "create-state", form: "modal", group: "backlog", name: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Name is required");
    const colour = await post(w.owner, { form: { intent: "create-state", form: "inline", group: "backlog", name: "New", color: "blue" } });
    expect(colour.status).toBe(400);
    expect(colour.text).toContain("Color should be hex format");
    const group = await post(w.owner, { form: { intent: "create-state", form: "modal", group: "someday", name: "New" } });
    expect(group.status).toBe(400);
    // The inline form and the dialog word a taken name differently.
    const inline = await post(w.owner, { form: { intent: "create-state", form: "inline", group: "backlog", name: "Todo" } });
    expect(inline.status).toBe(400);
    expect(inline.text).toContain("State with that name already exists. Please try again with another name.");
    const modal = await post(w.owner, { form: { intent: "create-state", form: "modal", group: "backlog", name: "Todo" } });
    expect(modal.status).toBe(400);
    expect(modal.text).toContain("Another state exists with the same name. Please try again with another name.");
    expect(await stateRows()).toEqual(before);
  });

  it("refuses viewers and guests with 403 and changes nothing", async () => {
    const before = await stateRows();
    for (const client of [w.viewer, w.guest]) {
      const answer = await post(client, { form: { intent: "create-state", form: "inline", group: "backlog", name: "Sneaky" } });
      expect(answer.status).toBe(403);
    }
    expect(await stateRows()).toEqual(before);
  });
});

describe("edit", () => {
  it("changes the name, colour and description", async () => {
    const todo = await byName("Todo");
    const answer = await post(w.member, {
      form: { intent: "update-state", state_id: todo.id, group: "unstarted", name: "Ready", color: "#123456", description: "Groomed" },
    });
    expect(answer.status, answer.text).toBe(200);
    expect((await stateRows()).find((state) => state.id === todo.id)).toMatchObject({ name: "Ready", color: "#123456", description: "Groomed" });
  });

  it("refuses a taken or empty name with 400, and a viewer with 403, changing nothing", async () => {
    const todo = await byName("Todo");
    const before = await stateRows();
    const taken = await post(w.owner, { form: { intent: "update-state", state_id: todo.id, group: "unstarted", name: "Done" } });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain("Another state exists with the same name. Please try again with another name.");
    const empty = await post(w.owner, { form: { intent: "update-state", state_id: todo.id, group: "unstarted", name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Name is required");
    const viewer = await post(w.viewer, { form: { intent: "update-state", state_id: todo.id, group: "unstarted", name: "Viewer's" } });
    expect(viewer.status).toBe(403);
    expect(await stateRows()).toEqual(before);
  });
});

describe("set default", () => {
  it("makes the state the default and clears the old default in the same write", async () => {
    const todo = await byName("Todo");
    const answer = await post(w.member, { json: { intent: "set-default", state_id: todo.id } });
    expect(answer.status, answer.text).toBe(200);
    const defaults = (await stateRows()).filter((state) => state.default === 1);
    expect(defaults.map((state) => state.name)).toEqual(["Todo"]);
  });

  it("refuses viewers and guests with 403 and keeps the default", async () => {
    const todo = await byName("Todo");
    const before = await stateRows();
    for (const client of [w.viewer, w.guest]) {
      const answer = await post(client, { json: { intent: "set-default", state_id: todo.id } });
      expect(answer.status).toBe(403);
    }
    expect(await stateRows()).toEqual(before);
  });
});

describe("move", () => {
  it("puts a moved state halfway between its new neighbours, or a step past the edge one", async () => {
    // The started group: In Progress, then two more at known sequences.
    const first = await byName("In Progress");
    await addState("Coding", "started", first.sequence + 1000);
    const third = await addState("Testing", "started", first.sequence + 3000);

    // Testing up: between In Progress and Coding.
    const up = await post(w.member, { json: { intent: "move-state", state_id: third, direction: "up" } });
    expect(up.status, up.text).toBe(200);
    expect((await byName("Testing")).sequence).toBe(first.sequence + 500);

    // Testing up again, to the first place: a step below In Progress.
    await post(w.member, { json: { intent: "move-state", state_id: third, direction: "up" } });
    expect((await byName("Testing")).sequence).toBe(first.sequence - 15000);

    // In Progress (second now) down to the last place: a step past Coding.
    const down = await post(w.member, { json: { intent: "move-state", state_id: first.id, direction: "down" } });
    expect(down.status).toBe(200);
    expect((await byName("In Progress")).sequence).toBe(first.sequence + 1000 + 15000);
    const order = (await stateRows()).filter((state) => state.group === "started").map((state) => state.name);
    expect(order).toEqual(["Testing", "Coding", "In Progress"]);
  });

  it("refuses a viewer with 403 and an unknown direction with 400, changing nothing", async () => {
    const first = await byName("In Progress");
    await addState("Coding", "started", first.sequence + 1000);
    const before = await stateRows();
    const viewer = await post(w.viewer, { json: { intent: "move-state", state_id: first.id, direction: "down" } });
    expect(viewer.status).toBe(403);
    const sideways = await post(w.owner, { json: { intent: "move-state", state_id: first.id, direction: "sideways" } });
    expect(sideways.status).toBe(400);
    expect(await stateRows()).toEqual(before);
  });
});

describe("delete", () => {
  it("deletes a state that is not the default, has no issues and is not alone in its group", async () => {
    const id = await addState("Parked", "backlog", 1);
    const answer = await post(w.member, { json: { intent: "delete-state", state_id: id } });
    expect(answer.status, answer.text).toBe(200);
    expect((await stateRows()).some((state) => state.id === id)).toBe(false);
  });

  it("refuses the default state, the last of a group and a state with issues, with their messages", async () => {
    const backlog = await byName("Backlog");
    await addState("Parked", "backlog", 1);
    const todo = await byName("Todo");
    const busy = await addState("Busy", "started", 99_000);
    expectStatus(await w.owner.post(`/api/workspaces/${w.slug}/projects/${w.project.id}/issues/`, { name: "Work", state: busy }), 201);
    const before = await stateRows();

    const defaultState = await post(w.owner, { json: { intent: "delete-state", state_id: backlog.id } });
    expect(defaultState.status).toBe(400);
    expect(defaultState.text).toContain("The default state cannot be deleted.");
    const lastOfGroup = await post(w.owner, { json: { intent: "delete-state", state_id: todo.id } });
    expect(lastOfGroup.status).toBe(400);
    expect(lastOfGroup.text).toContain("The last state of a group cannot be deleted.");
    const withIssues = await post(w.owner, { json: { intent: "delete-state", state_id: busy } });
    expect(withIssues.status).toBe(400);
    expect(withIssues.text).toContain("This state contains some issues within it, please move them to some other state to delete this state.");
    expect(await stateRows()).toEqual(before);
  });

  it("refuses viewers and guests with 403 and changes nothing", async () => {
    const id = await addState("Parked", "backlog", 1);
    const before = await stateRows();
    for (const client of [w.viewer, w.guest]) {
      const answer = await post(client, { json: { intent: "delete-state", state_id: id } });
      expect(answer.status).toBe(403);
    }
    expect(await stateRows()).toEqual(before);
  });
});
