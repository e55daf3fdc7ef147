// Whatever a person types into a search box is answered, never a 500: long text, LIKE wildcards,
// full-text operators, quotes and any script, through every search entry point (the REST search
// and the command palette's route). And a long name is still found by its text.
import { fetchWorker } from "../helpers/worker";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { type Team, createProject, createTeam, expectStatus } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

let team: Team;
let projectId: string;

const LONG_NAME = "Quarterly planning review for the platform reliability and onboarding workstreams";

beforeAll(async () => {
  team = await createTeam("searchin");
  const project = await createProject(team.owner, team.slug, { name: LONG_NAME });
  projectId = project.id;
  expectStatus(await team.owner.post(`/api/workspaces/${team.slug}/projects/${projectId}/issues/`, { name: LONG_NAME }), 201);
});

/** Text a person could type: letters, wildcards, quotes, FTS operators and syntax, any script. */
function typedText(): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom("a", "Z", "é", "ß", "ı", "日本", "👩‍💻", "\u0301", "\u200b", " ", "  "),
    fc.constantFrom("%", "_", "*", "\\", '"', "'", "`", "(", ")", ":", "^", "-", "+", "{", "}", "[", "]", "NEAR", "AND", "OR", "NOT", "NEAR/3"),
    fc.constantFrom("title:", "body:", "{title body}:", "scope:", '"a" OR "b"', "a*", "*a", "%_%", "\u0000", "\t", "\n"),
    fc.string({ maxLength: 6 }),
    fc.string({ unit: "grapheme", maxLength: 4 }),
  );
  return fc.array(piece, { minLength: 1, maxLength: 120 }).map((pieces) => pieces.join("").slice(0, 500)).filter((text) => text.length > 0);
}

const apiSearch = (text: string) =>
  fetchWorker(`${ORIGIN}/api/workspaces/${team.slug}/search/?${new URLSearchParams({ search: text, project_id: projectId })}`, { headers: { cookie: team.owner.cookie } });
const paletteSearch = (text: string) =>
  fetchWorker(`${ORIGIN}/${team.slug}/search?${new URLSearchParams({ search: text })}`, { headers: { cookie: team.owner.cookie }, redirect: "manual" });

describe("search input", () => {
  it("answers every typed text of 1 to 500 characters with results, on every entry point", async () => {
    await fc.assert(
      fc.asyncProperty(typedText(), fc.integer({ min: 1, max: 500 }), async (text, repeatTo) => {
        // Stretched to a generated length, so every size up to 500 is tried.
        const stretched = text.repeat(Math.ceil(repeatTo / text.length)).slice(0, Math.max(1, repeatTo));
        for (const [name, search] of [["api", apiSearch], ["palette", paletteSearch]] as const) {
          const response = await search(stretched);
          await response.body?.cancel();
          expect(response.status, `${name}: ${JSON.stringify(stretched)}`).toBe(200);
        }
      }),
      fuzzRun(100),
    );
  }, 120_000);

  it("finds a workspace's project and issue by a text of more than 50 characters", async () => {
    const response = await team.owner.get(`/api/workspaces/${team.slug}/search/?search=${encodeURIComponent(LONG_NAME.slice(0, 70))}`);
    expect(response.status).toBe(200);
    expect(response.body.results.project.map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect(response.body.results.issue.map((i: { name: string }) => i.name)).toEqual([LONG_NAME]);
    // Wildcards are literal: "%" matches no name that lacks one.
    const wildcard = await team.owner.get(`/api/workspaces/${team.slug}/search/?search=${encodeURIComponent("Quarterly%reliability")}`);
    expect(wildcard.body.results.project).toEqual([]);
  });
});
