// The JSON intents the pages' buttons post (labels settings, the issue views, the issue page) are
// read against each page's list of intents: a malformed body or an intent the page does not know
// answers 400 and changes nothing; a known one does what it says.
import { fetchWorker } from "../helpers/worker";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { dumpIssueTables, newIssue, newLabel, rows } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let issueId: string;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "INT");
  issueId = (await newIssue(p, { name: "Target" })).id;
});

const pages = () => ({
  "labels settings": `/${p.slug}/projects/${p.projectId}/settings/labels.data`,
  "issue views": `/${p.slug}/projects/${p.projectId}/issues.data`,
  "issue page": `/${p.slug}/projects/${p.projectId}/issues/${issueId}.data`,
});

async function postJson(path: string, body: string) {
  const response = await fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: p.owner.cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/json" },
    body,
  });
  return { status: response.status, text: await response.text() };
}

describe("page intents", () => {
  for (const page of ["labels settings", "issue views", "issue page"] as const) {
    it(`${page}: a malformed body or an unknown intent answers 400 and changes nothing`, async () => {
      const path = pages()[page];
      const before = await dumpIssueTables();
      const labels = await rows("SELECT * FROM labels ORDER BY id");
      const malformed = await postJson(path, "{not json");
      expect(malformed.status).toBe(400);
      expect(malformed.text).toContain("Malformed request.");
      const unknown = await postJson(path, JSON.stringify({ intent: "drop-everything", label_id: "x" }));
      expect(unknown.status).toBe(400);
      expect(unknown.text).toContain("Unknown action.");
      // A known intent missing the id it acts on is refused the same way.
      const missing = await postJson(path, JSON.stringify({ intent: "delete-label" }));
      expect(missing.status).toBe(400);
      expect(await dumpIssueTables()).toBe(before);
      expect(await rows("SELECT * FROM labels ORDER BY id")).toEqual(labels);
    });
  }

  it("labels settings: delete-label deletes the label it names", async () => {
    const label = await newLabel(p, "Doomed");
    const answer = await postJson(pages()["labels settings"], JSON.stringify({ intent: "delete-label", label_id: label }));
    expect(answer.status, answer.text).toBe(200);
    expect(await rows("SELECT id FROM labels WHERE id = ?", label)).toEqual([]);
  });
});
