// How the issue views show a group the page holds only in part: its issues up to the last one read
// from the server, whatever live changes moved in past it, with the server's count; and a group
// held whole as the page groups it itself.
import { describe, expect, it } from "vitest";
import { type Lookups, type ViewIssue, groupFrontiers, groupIssues, sortIssues, windowedGroups } from "~/components/issue-views/model";

const lookups: Lookups = {
  states: new Map([
    ["todo", { id: "todo", name: "Todo", color: "#000", group: "unstarted" }],
    ["done", { id: "done", name: "Done", color: "#000", group: "completed" }],
  ]),
  labels: new Map(),
  members: new Map(),
};

function issue(id: string, state: string, sort_order: number): ViewIssue {
  return {
    id,
    name: id,
    sequence_id: sort_order,
    priority: "none",
    state,
    assignees: [],
    labels: [],
    start_date: null,
    target_date: null,
    estimate_point: null,
    sort_order,
    sub_issues_count: 0,
    link_count: 0,
    attachment_count: 0,
    created_by: null,
    created_at: "2030-01-01T00:00:00.000Z",
    updated_at: "2030-01-01T00:00:00.000Z",
    cycle: null,
    module: null,
    bridge_id: null,
  };
}

describe("windowed groups", () => {
  // Read from the server: Todo's first page (a, b, c of 500), all of Done (d).
  const read = [issue("a", "todo", 10), issue("b", "todo", 20), issue("c", "todo", 30), issue("d", "done", 10)];
  const windows = {
    groups: new Map([
      ["todo", { count: 500, next_cursor: "cursor-after-c" }],
      ["done", { count: 1, next_cursor: null }],
    ]),
  };
  const frontiers = groupFrontiers(read, "state", "sort_order", lookups);

  it("takes each group's last issue read as its frontier", () => {
    expect(frontiers.get("todo")?.id).toBe("c");
    expect(frontiers.get("done")?.id).toBe("d");
  });

  it("shows a group held in part up to its frontier, with the server's count and more to read", () => {
    // Live: someone added x at the end of Todo (past c) and y between a and b; d moved to Todo at 15.
    const shown = sortIssues([...read.filter((i) => i.id !== "d"), issue("x", "todo", 9000), issue("y", "todo", 15), issue("d", "todo", 5)], "sort_order");
    const groups = windowedGroups(groupIssues(shown, "state", lookups), windows, frontiers, "sort_order");
    const todo = groups.find((group) => group.key === "todo");
    expect(todo?.issues.map((i) => i.id)).toEqual(["d", "a", "y", "b", "c"]);
    expect(todo).toMatchObject({ count: 500, more: true });
    // Done is held whole: the page's own grouping, count and all.
    expect(groups.find((group) => group.key === "done")).toMatchObject({ issues: [], count: 0, more: false });
  });

  it("shows a group none of whose issues were read yet as empty, with its count", () => {
    const groups = windowedGroups(
      groupIssues(sortIssues(read, "sort_order"), "state", lookups),
      { groups: new Map([["todo", { count: 500, next_cursor: "" }]]) },
      new Map(),
      "sort_order",
    );
    expect(groups.find((group) => group.key === "todo")).toMatchObject({ issues: [], count: 500, more: true });
  });
});
