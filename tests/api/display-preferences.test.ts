// Display preferences: the caller's view_props and default_props on
// their project membership, read and saved at projects/{projectId}/project-views/.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ViewPropsSchema, mergeViewProps } from "../../workers/domain/schemas/view-props";
import { call, signUp } from "../helpers/api";
import { type ProjectWithRoles, projectWithRoles } from "../helpers/project-roles";

let p: ProjectWithRoles;
let other: ProjectWithRoles;

beforeAll(async () => {
  [p, other] = await Promise.all([projectWithRoles(), projectWithRoles()]);
});

const path = (base = p.base) => `${base}/project-views/`;

const DEFAULTS = {
  issueView: "list",
  groupByProperty: null,
  orderBy: "-created_at",
  showEmptyGroups: true,
  calendarDateRange: "",
  filters: {},
};

async function storedProps(userId: string, projectId = p.projectId) {
  const row = await env.DB.prepare("SELECT view_props, default_props FROM project_members WHERE project_id = ? AND member_id = ?")
    .bind(projectId, userId)
    .first<{ view_props: string | null; default_props: string | null }>();
  return {
    view_props: row?.view_props ? JSON.parse(row.view_props) : null,
    default_props: row?.default_props ? JSON.parse(row.default_props) : null,
  };
}

describe("reading display preferences", () => {
  it("answers the defaults before anything is saved", async () => {
    const response = await p.member.get(path());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ member: p.member.user.id, project: p.projectId, view_props: DEFAULTS, default_props: DEFAULTS });
  });
});

describe("saving display preferences", () => {
  it("stores the caller's view props on their membership, and only theirs", async () => {
    const saved = await p.member.post(path(), {
      view_props: { issueView: "kanban", groupByProperty: "priority", orderBy: "priority", showEmptyGroups: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.view_props).toEqual({
      ...DEFAULTS,
      issueView: "kanban",
      groupByProperty: "priority",
      orderBy: "priority",
      showEmptyGroups: false,
    });
    expect(saved.body.default_props).toEqual(DEFAULTS);
    expect((await storedProps(p.member.user.id)).view_props).toEqual(saved.body.view_props);
    expect((await p.member.get(path())).body.view_props).toEqual(saved.body.view_props);
    // Project-members/me shows the same stored values.
    expect((await p.member.get(`${p.base}/project-members/me/`)).body.view_props).toEqual(saved.body.view_props);
    // Nobody else's changed.
    expect((await p.owner.get(path())).body.view_props).toEqual(DEFAULTS);
  });

  it("merges a partial update over what is stored; filters keep empty lists as null", async () => {
    await p.owner.post(path(), { view_props: { orderBy: "-updated_at", filters: { priority: ["high"], labels: [] } } });
    const next = await p.owner.patch(path(), { view_props: { showEmptyGroups: false } });
    expect(next.status).toBe(200);
    expect(next.body.view_props).toMatchObject({
      orderBy: "-updated_at",
      showEmptyGroups: false,
      filters: { priority: ["high"], labels: null },
    });
  });

  it("sets default props from the current ones, and null resets to the defaults", async () => {
    const current = (await p.guest.post(path(), { view_props: { issueView: "calendar", calendarDateRange: "2030-01-01;after" } })).body
      .view_props;
    const withDefaults = await p.guest.post(path(), { default_props: current });
    expect(withDefaults.body.default_props).toEqual(current);
    const reset = await p.guest.post(path(), { view_props: null });
    expect(reset.body.view_props).toEqual(DEFAULTS);
    expect(reset.body.default_props).toEqual(current);
    expect((await storedProps(p.guest.user.id)).view_props).toBeNull();
  });

  it("switching to kanban groups by state, and calendar clears grouping", async () => {
    await p.viewer.post(path(), { view_props: null });
    const kanban = await p.viewer.post(path(), { view_props: { issueView: "kanban" } });
    expect(kanban.body.view_props).toMatchObject({ issueView: "kanban", groupByProperty: "state" });
    const calendar = await p.viewer.post(path(), { view_props: { issueView: "calendar", groupByProperty: "priority" } });
    expect(calendar.body.view_props).toMatchObject({ issueView: "calendar", groupByProperty: null });
    const gantt = await p.viewer.post(path(), { view_props: { issueView: "gantt_chart", groupByProperty: "labels" } });
    expect(gantt.body.view_props).toMatchObject({ issueView: "gantt_chart", groupByProperty: "labels" });
  });

  it("the spreadsheet is stored with the grouping the list keeps for later", async () => {
    await p.viewer.post(path(), { view_props: { issueView: "list", groupByProperty: "priority" } });
    const sheet = await p.viewer.post(path(), { view_props: { issueView: "spreadsheet" } });
    expect(sheet.status).toBe(200);
    expect(sheet.body.view_props).toMatchObject({ issueView: "spreadsheet", groupByProperty: "priority" });
    const back = await p.viewer.post(path(), { view_props: { issueView: "list" } });
    expect(back.body.view_props).toMatchObject({ issueView: "list", groupByProperty: "priority" });
  });

  it.each([
    ["an unknown issue view", { view_props: { issueView: "table" } }, "view_props.issueView"],
    ["an unknown group", { view_props: { groupByProperty: "assignee" } }, "view_props.groupByProperty"],
    ["an unknown order", { view_props: { orderBy: "name" } }, "view_props.orderBy"],
    ["a non-boolean showEmptyGroups", { view_props: { showEmptyGroups: "yes" } }, "view_props.showEmptyGroups"],
    ["an unknown key", { view_props: { colour: "red" } }, "view_props"],
    ["an unknown filter", { default_props: { filters: { mood: ["happy"] } } }, "default_props.filters"],
    ["a bad filter value", { view_props: { filters: { priority: ["whenever"] } } }, "view_props.filters.priority.0"],
    ["props that are not an object", { view_props: "list" }, "view_props"],
  ])("refuses %s", async (_label, body, field) => {
    const before = await storedProps(p.owner.user.id);
    const response = await p.owner.post(path(), body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual([field]);
    expect(await storedProps(p.owner.user.id)).toEqual(before);
  });

  it("refuses an empty body and malformed JSON without a 500", async () => {
    const empty = await p.owner.post(path(), {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: "Send view_props or default_props." });
    for (const rawBody of ["{", "null", "[]", "7", "not json"]) {
      expect((await call("POST", path(), { cookie: p.owner.cookie, rawBody })).status, rawBody).toBe(400);
    }
  });

  it("needs project membership: outsiders get 403, other workspaces 404, anonymous 401", async () => {
    const stranger = await signUp({ first_name: "Stranger" });
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(path())).status).toBe(403);
      expect((await client.post(path(), { view_props: { issueView: "kanban" } })).status).toBe(403);
    }
    expect((await p.owner.get(`/api/workspaces/${p.slug}/projects/${other.projectId}/project-views/`)).status).toBe(404);
    expect((await call("GET", path())).status).toBe(401);
    expect((await call("POST", path(), { body: { view_props: {} } })).status).toBe(401);
  });
});

describe("the shared view-props schema", () => {
  it("validates partial props and merges them with the layout rules", () => {
    expect(ViewPropsSchema.safeParse({ issueView: "list", extra: 1 }).success).toBe(false);
    const patch = ViewPropsSchema.parse({ issueView: "kanban", filters: { state: [] } });
    expect(mergeViewProps(null, patch)).toEqual({ ...DEFAULTS, issueView: "kanban", groupByProperty: "state", filters: { state: null } });
    expect(mergeViewProps({ issueView: "kanban", groupByProperty: "labels" }, { orderBy: "priority" })).toMatchObject({
      issueView: "kanban",
      groupByProperty: "labels",
      orderBy: "priority",
    });
  });
});
