// The cycle list's Gantt and the module timeline as the server renders them: a row per cycle or
// module linking to it, a block in its status colour for the dated ones, and a row without a block
// for drafts and undated modules.
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import CyclesGantt from "../../app/components/cycles/cycles-gantt";
import ModulesTimeline from "../../app/components/modules/modules-timeline";
import type { CycleResponse, ModuleResponse } from "../../workers/domain/schemas/issue-group-responses";

const stats = {
  total_issues: 0,
  backlog_issues: 0,
  unstarted_issues: 0,
  started_issues: 0,
  completed_issues: 0,
  cancelled_issues: 0,
  total_estimate_points: null,
  completed_estimate_points: null,
};

function day(offset: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}

function cycle(id: string, name: string, status: CycleResponse["status"], start: string | null, end: string | null): CycleResponse {
  return {
    ...stats,
    id,
    name,
    description: "",
    start_date: start,
    end_date: end,
    status,
    project: "p1",
    workspace: "w1",
    owned_by: null,
    owned_by_detail: null,
    assignees: [],
    is_favorite: false,
    sort_order: 0,
    view_props: {},
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}

function module(id: string, name: string, status: string, start: string | null, target: string | null): ModuleResponse {
  return {
    ...stats,
    id,
    name,
    description: "",
    status,
    start_date: start,
    target_date: target,
    lead: null,
    lead_detail: null,
    members: [],
    members_detail: [],
    link_module: [],
    is_favorite: false,
    sort_order: 0,
    view_props: {},
    project: "p1",
    workspace: "w1",
    created_by: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  };
}

const render = (element: ReactElement) => renderToString(createElement(MemoryRouter, null, element));
/** The block of a row: its title names it, and its colour is its background. */
const blocksIn = (html: string) => [...html.matchAll(/title="([^"]+)"[^>]*style="[^"]*background-color:(#[0-9a-f]{6})/g)].map((match) => [match[1], match[2]]);

describe("CyclesGantt", () => {
  it("draws dated cycles in their status colour, lists drafts without a block, and links each cycle", () => {
    const html = render(
      createElement(CyclesGantt, {
        workspaceSlug: "acme",
        projectId: "p1",
        cycles: [
          cycle("c1", "Sprint now", "current", day(-3), day(4)),
          cycle("c2", "Sprint next", "upcoming", day(5), day(12)),
          cycle("c3", "Sprint past", "completed", day(-20), day(-6)),
          cycle("c4", "Someday", "draft", null, null),
        ],
      }),
    );
    expect(html).toContain("Gantt View Beta");
    expect(blocksIn(html)).toEqual([
      ["Sprint now", "#09a953"],
      ["Sprint next", "#f7ae59"],
      ["Sprint past", "#3f76ff"],
    ]);
    for (const id of ["c1", "c2", "c3", "c4"]) expect(html).toContain(`href="/acme/projects/p1/cycles/${id}"`);
    expect(html).toContain(">Someday</a>");
  });
});

describe("ModulesTimeline", () => {
  it("draws modules with both dates and links every module", () => {
    const html = render(
      createElement(ModulesTimeline, {
        workspaceSlug: "acme",
        projectId: "p1",
        modules: [module("m1", "Billing", "in-progress", day(-2), day(10)), module("m2", "Search", "backlog", day(1), null)],
      }),
    );
    expect(blocksIn(html)).toEqual([["Billing", "#f39e1f"]]);
    expect(html).toContain('href="/acme/projects/p1/modules/m1"');
    expect(html).toContain('href="/acme/projects/p1/modules/m2"');
  });
});
