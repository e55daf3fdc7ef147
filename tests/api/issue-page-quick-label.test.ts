// The issue sidebar's quick label form, posted to the issue page as a browser does: the new label
// is created and put on the issue with one activity row, and a name already taken answers the
// form's 400 and writes nothing at all.
import { fetchWorker } from "../helpers/worker";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { dumpIssueTables, getIssue, newIssue, newLabel, rows } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let existing: string;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "QL");
  existing = await newLabel(p, "Existing", "#00ff00");
});

async function quickLabel(issueId: string, fields: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "quick-label");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const response = await fetchWorker(`${ORIGIN}/${p.slug}/projects/${p.projectId}/issues/${issueId}.data`, {
    method: "POST",
    headers: { cookie: p.owner.cookie, origin: ORIGIN, host: new URL(ORIGIN).host },
    body: form,
  });
  return { status: response.status, body: await response.text() };
}

describe("the quick label form on the issue page", () => {
  it("creates the label, puts it on the issue beside the ones it had, and records one activity", async () => {
    const issue = await newIssue(p, { name: "Needs a label", labels_list: [existing] });
    const activitiesBefore = await rows("SELECT id FROM issue_activities WHERE issue_id = ?", issue.id);

    const answer = await quickLabel(issue.id, { name: "Fresh", color: "#123456" });
    // The action answers its own status (201) inside the data; the response itself is a 200.
    expect(answer.status, answer.body).toBe(200);

    const [label] = await rows<{ id: string; color: string }>("SELECT id, color FROM labels WHERE project_id = ? AND name = 'Fresh'", p.projectId);
    expect(label.color).toBe("#123456");
    const after = await getIssue(p, issue.id);
    expect(after.labels).toEqual([existing, label.id]);
    expect(after.label_details.map((detail: { name: string }) => detail.name)).toEqual(["Existing", "Fresh"]);
    const bridge = await rows<{ label_id: string }>("SELECT label_id FROM issue_labels WHERE issue_id = ? ORDER BY label_id", issue.id);
    expect(bridge.map((row) => row.label_id)).toEqual([existing, label.id].sort());
    const activities = await rows<{ field: string; new_value: string; new_identifier: string }>(
      "SELECT field, new_value, new_identifier FROM issue_activities WHERE issue_id = ? AND id NOT IN (SELECT value FROM json_each(?))",
      issue.id,
      JSON.stringify(activitiesBefore.map((row) => (row as { id: string }).id)),
    );
    expect(activities).toEqual([{ field: "labels", new_value: "Fresh", new_identifier: label.id }]);
  });

  it("refuses a name the project already has with the same message as before, and writes nothing", async () => {
    const issue = await newIssue(p, { name: "Clash" });
    const before = await dumpIssueTables();
    const labelsBefore = await rows("SELECT * FROM labels ORDER BY id");

    const answer = await quickLabel(issue.id, { name: "Existing", color: "#123456" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Label with the same name already exists in the project");

    expect(await dumpIssueTables()).toBe(before);
    expect(await rows("SELECT * FROM labels ORDER BY id")).toEqual(labelsBefore);
  });
});
