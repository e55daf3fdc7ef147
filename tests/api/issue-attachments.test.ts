import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Call, type Client, ORIGIN, call } from "../helpers/api";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

const MAX = 5_242_880;
const TOO_LARGE = { error: "Invalid file type or size (max 5 MB)" };

let p: ProjectFixture;
let viewer: Client;
let guest: Client;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "ATT");
  viewer = await addMember(p, 10, "Viewer");
  guest = await addMember(p, 5, "Guest");
});

async function asCall(response: Response): Promise<Call> {
  const text = await response.text();
  const body = text && response.headers.get("content-type")?.includes("application/json") ? JSON.parse(text) : text;
  return { status: response.status, body, headers: response.headers };
}

/** Sends a multipart upload the way the browser does: `asset` (a file) and `attributes` (JSON text). */
async function upload(
  client: Client | null,
  path: string,
  parts: { asset?: Blob | string; filename?: string; attributes?: string },
): Promise<Call> {
  const form = new FormData();
  if (parts.asset instanceof Blob) form.append("asset", parts.asset, parts.filename ?? "file.bin");
  else if (parts.asset !== undefined) form.append("asset", parts.asset);
  if (parts.attributes !== undefined) form.append("attributes", parts.attributes);
  const headers: Record<string, string> = client ? { cookie: client.cookie } : {};
  return asCall(await fetchWorker(`${ORIGIN}${path}`, { method: "POST", headers, body: form }));
}

async function download(client: Client | null, asset: string) {
  const headers: Record<string, string> = client ? { cookie: client.cookie } : {};
  return fetchWorker(`${ORIGIN}${asset}`, { headers });
}

async function newIssue(name = "Issue with files") {
  const made = await p.owner.post(`${p.base}/issues/`, { name });
  expect(made.status).toBe(201);
  return { id: made.body.id as string, workspaceId: made.body.workspace as string };
}

const uploadPath = (issueId: string) => `${p.base}/issues/${issueId}/issue-attachments/`;

async function attachmentCount(issueId: string) {
  const issue = await p.owner.get(`${p.base}/issues/${issueId}/`);
  return issue.body.attachment_count as number;
}

async function storedObjects(workspaceId: string, issueId: string) {
  const listed = await env.FILES.list({ prefix: `attachments/${workspaceId}/${p.projectId}/${issueId}/` });
  return listed.objects;
}

async function storedRows(issueId: string) {
  const rows = await env.DB.prepare("SELECT id, asset_key FROM issue_attachments WHERE issue_id = ?").bind(issueId).all<{ id: string; asset_key: string }>();
  return rows.results;
}

async function attachmentActivities(issueId: string) {
  const history = await p.owner.get(`${p.base}/issues/${issueId}/history/`);
  return (history.body as { type: string; field: string; verb: string; old_value: string | null; new_value: string | null }[]).filter(
    (entry) => entry.type === "activity" && entry.field === "attachment",
  );
}

describe("uploading attachments", () => {
  it("stores the file in R2, answers a downloadable asset URL, counts it on the issue and writes an activity", async () => {
    const issue = await newIssue();
    const file = new Blob(["hello attachment"], { type: "text/plain" });
    const created = await upload(p.owner, uploadPath(issue.id), {
      asset: file,
      filename: "notes.txt",
      attributes: JSON.stringify({ name: "notes.txt", size: file.size }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      attributes: { name: "notes.txt", size: 16 },
      updated_by: p.owner.user.id,
      issue: issue.id,
    });
    expect(created.body.asset).toBe(`/api/workspaces/${p.slug}/projects/${p.projectId}/issue-attachments/${created.body.id}/file/`);
    expect(Date.parse(created.body.created_at)).not.toBeNaN();
    expect(Date.parse(created.body.updated_at)).not.toBeNaN();

    const objects = await storedObjects(issue.workspaceId, issue.id);
    expect(objects).toHaveLength(1);
    expect(objects[0].key).toMatch(new RegExp(`^attachments/${issue.workspaceId}/${p.projectId}/${issue.id}/[0-9a-f-]{36}$`));
    const stored = await env.FILES.get(objects[0].key);
    expect(await stored!.text()).toBe("hello attachment");
    expect(stored!.httpMetadata?.contentType).toBe("text/plain");

    expect(await attachmentCount(issue.id)).toBe(1);
    const list = await p.owner.get(`${p.base}/issues/${issue.id}/issue-attachments/`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);
    const activities = await attachmentActivities(issue.id);
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ verb: "created", new_value: "notes.txt" });

    const fetched = await download(p.owner, created.body.asset);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe("hello attachment");
    expect(fetched.headers.get("content-type")).toBe("text/plain");
    expect(fetched.headers.get("content-disposition")).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    expect(fetched.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("records the real file size and falls back to the file's own name when attributes are missing", async () => {
    const issue = await newIssue();
    const lying = await upload(p.owner, uploadPath(issue.id), {
      asset: new Blob(["12345"]),
      filename: "real.bin",
      attributes: JSON.stringify({ name: "shown-name.bin", size: 999999 }),
    });
    expect(lying.status).toBe(201);
    expect(lying.body.attributes).toEqual({ name: "shown-name.bin", size: 5 });
    const bare = await upload(p.owner, uploadPath(issue.id), { asset: new Blob(["abc"]), filename: "report.pdf" });
    expect(bare.status).toBe(201);
    expect(bare.body.attributes).toEqual({ name: "report.pdf", size: 3 });
    const fetched = await download(p.owner, bare.body.asset);
    expect(fetched.headers.get("content-type")).toBe("application/octet-stream");
    await fetched.arrayBuffer();
    expect(await attachmentCount(issue.id)).toBe(2);
  });

  it("serves an uploaded HTML file as a download that cannot run in our origin", async () => {
    const issue = await newIssue();
    const html = "<script>document.cookie</script><h1>hi</h1>";
    const created = await upload(p.owner, uploadPath(issue.id), {
      asset: new Blob([html], { type: "text/html" }),
      filename: "évil page.html",
      attributes: JSON.stringify({ name: "évil page.html", size: html.length }),
    });
    expect(created.status).toBe(201);
    const fetched = await download(p.owner, created.body.asset);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-disposition")).toBe(
      `attachment; filename="_vil page.html"; filename*=UTF-8''%C3%A9vil%20page.html`,
    );
    expect(fetched.headers.get("x-content-type-options")).toBe("nosniff");
    expect(fetched.headers.get("content-security-policy")).toContain("sandbox");
    expect(await fetched.text()).toBe(html);
  });

  it("accepts a file of exactly 5 MB", async () => {
    const issue = await newIssue();
    const created = await upload(p.owner, uploadPath(issue.id), { asset: new Blob([new Uint8Array(MAX)]), filename: "five.bin" });
    expect(created.status).toBe(201);
    expect(created.body.attributes.size).toBe(MAX);
    expect(await storedObjects(issue.workspaceId, issue.id)).toHaveLength(1);
  });

  it("refuses a 6 MB file with 413 and stores nothing: no R2 object, no row, no count, no activity", async () => {
    const issue = await newIssue();
    const response = await upload(p.owner, uploadPath(issue.id), {
      asset: new Blob([new Uint8Array(6 * 1024 * 1024)]),
      filename: "big.bin",
      attributes: JSON.stringify({ name: "big.bin", size: 6 * 1024 * 1024 }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
    expect(await storedObjects(issue.workspaceId, issue.id)).toEqual([]);
    expect(await storedRows(issue.id)).toEqual([]);
    expect(await attachmentCount(issue.id)).toBe(0);
    expect(await attachmentActivities(issue.id)).toEqual([]);
  });

  it("refuses a file one byte over 5 MB, whose request length alone does not give it away", async () => {
    const issue = await newIssue();
    const response = await upload(p.owner, uploadPath(issue.id), { asset: new Blob([new Uint8Array(MAX + 1)]), filename: "over.bin" });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
    expect(await storedObjects(issue.workspaceId, issue.id)).toEqual([]);
    expect(await storedRows(issue.id)).toEqual([]);
  });

  it("refuses a too large upload sent without Content-Length (streamed) and stores nothing", async () => {
    const issue = await newIssue();
    const form = new FormData();
    form.append("asset", new Blob([new Uint8Array(6 * 1024 * 1024)]), "streamed.bin");
    const encoded = new Response(form);
    const contentType = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 256 * 1024) controller.enqueue(bytes.slice(offset, offset + 256 * 1024));
        controller.close();
      },
    });
    const response = await asCall(
      await fetchWorker(`${ORIGIN}${uploadPath(issue.id)}`, {
        method: "POST",
        headers: { cookie: p.owner.cookie, "content-type": contentType },
        body: stream,
      }),
    );
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
    expect(await storedObjects(issue.workspaceId, issue.id)).toEqual([]);
    expect(await storedRows(issue.id)).toEqual([]);
  });

  it("answers 400 for a missing, non-file or empty asset, malformed attributes and a non-multipart body", async () => {
    const issue = await newIssue();
    const path = uploadPath(issue.id);
    const missing = await upload(p.owner, path, { attributes: JSON.stringify({ name: "x", size: 1 }) });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ asset: ["Please choose a file to upload."] });
    const text = await upload(p.owner, path, { asset: "not a file" });
    expect(text.body).toEqual({ asset: ["Please choose a file to upload."] });
    const empty = await upload(p.owner, path, { asset: new Blob([]), filename: "empty.txt" });
    expect(empty.body).toEqual({ asset: ["The file is empty."] });
    const malformed = { attributes: ["Attributes must be a JSON object with name and size."] };
    for (const attributes of ["{name: oops", "[1,2]", "42"]) {
      const response = await upload(p.owner, path, { asset: new Blob(["x"]), filename: "x.txt", attributes });
      expect(response.status).toBe(400);
      expect(response.body).toEqual(malformed);
    }
    const badName = await upload(p.owner, path, { asset: new Blob(["x"]), attributes: JSON.stringify({ name: 7, size: 1 }) });
    expect(badName.body).toEqual({ "attributes.name": ["Name must be text"] });
    const json = await call("POST", path, { cookie: p.owner.cookie, body: { asset: "x" } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ asset: ["Send the file as multipart/form-data with an asset field."] });

    expect(await storedObjects(issue.workspaceId, issue.id)).toEqual([]);
    expect(await storedRows(issue.id)).toEqual([]);
    expect(await attachmentCount(issue.id)).toBe(0);
  });
});

describe("deleting attachments", () => {
  it("removes the row and the R2 object through either path, counts down and writes a 'deleted' activity", async () => {
    const issue = await newIssue();
    const first = await upload(p.owner, uploadPath(issue.id), { asset: new Blob(["one"]), filename: "one.txt" });
    const second = await upload(p.owner, uploadPath(issue.id), { asset: new Blob(["two"]), filename: "two.txt" });
    expect(await attachmentCount(issue.id)).toBe(2);
    expect(await storedObjects(issue.workspaceId, issue.id)).toHaveLength(2);

    expect((await p.owner.delete(`${p.base}/issue-attachments/${first.body.id}/`)).status).toBe(204);
    expect(await attachmentCount(issue.id)).toBe(1);
    expect((await p.owner.delete(`${p.base}/issues/${issue.id}/issue-attachments/${second.body.id}`)).status).toBe(204);
    expect(await attachmentCount(issue.id)).toBe(0);

    expect(await storedObjects(issue.workspaceId, issue.id)).toEqual([]);
    expect(await storedRows(issue.id)).toEqual([]);
    expect((await p.owner.get(`${p.base}/issues/${issue.id}/issue-attachments/`)).body).toEqual([]);
    const gone = await download(p.owner, first.body.asset);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    const deleted = (await attachmentActivities(issue.id)).filter((a) => a.verb === "deleted");
    expect(deleted.map((a) => a.old_value)).toEqual(["one.txt", "two.txt"]);

    const again = await p.owner.delete(`${p.base}/issue-attachments/${first.body.id}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Attachment not found." });
  });
});

describe("who may upload, read and delete", () => {
  it("answers 401 without credentials, for the upload, the list and the file", async () => {
    const issue = await newIssue();
    const created = await upload(p.owner, uploadPath(issue.id), { asset: new Blob(["secret"], { type: "text/plain" }), filename: "s.txt" });
    const anonymous = await upload(null, uploadPath(issue.id), { asset: new Blob(["x"]), filename: "x.txt" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "Authentication credentials were not provided." });
    expect((await call("GET", `${p.base}/issues/${issue.id}/issue-attachments/`)).status).toBe(401);
    const file = await download(null, created.body.asset);
    expect(file.status).toBe(401);
    expect(await file.text()).not.toContain("secret");
    expect((await call("DELETE", `${p.base}/issue-attachments/${created.body.id}/`)).status).toBe(401);
    expect(await storedRows(issue.id)).toHaveLength(1);
  });

  it("lets viewers and guests list and download but not upload or delete", async () => {
    const issue = await newIssue();
    const created = await upload(p.owner, uploadPath(issue.id), { asset: new Blob(["shared"], { type: "text/plain" }), filename: "shared.txt" });
    for (const reader of [viewer, guest]) {
      const list = await reader.get(`${p.base}/issues/${issue.id}/issue-attachments/`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      const file = await download(reader, created.body.asset);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe("shared");
      const write = await upload(reader, uploadPath(issue.id), { asset: new Blob(["nope"]), filename: "nope.txt" });
      expect(write.status).toBe(403);
      expect((await reader.delete(`${p.base}/issue-attachments/${created.body.id}/`)).status).toBe(403);
    }
    expect(await storedObjects(issue.workspaceId, issue.id)).toHaveLength(1);
    expect(await attachmentCount(issue.id)).toBe(1);
  });

  it("lets a member (role 15) upload", async () => {
    const member = await addMember(p, 15, "Uploader");
    const issue = await newIssue();
    const created = await upload(member, uploadPath(issue.id), { asset: new Blob(["mine"]), filename: "mine.txt" });
    expect(created.status).toBe(201);
    expect(created.body.updated_by).toBe(member.user.id);
  });

  it("never serves the file to a member of another project or workspace, nor through another project's path", async () => {
    const issue = await newIssue();
    const created = await upload(p.owner, uploadPath(issue.id), { asset: new Blob(["project only"], { type: "text/plain" }), filename: "p.txt" });

    // A workspace member who belongs to another project of the workspace only.
    const second = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Second", identifier: "ATTB" });
    expect(second.status).toBe(201);
    const secondFixture: ProjectFixture = { ...p, projectId: second.body.id, base: `/api/workspaces/${p.slug}/projects/${second.body.id}` };
    const neighbour = await addMember(secondFixture, 20, "Neighbour");
    const denied = await download(neighbour, created.body.asset);
    expect(denied.status).toBe(403);
    expect(await denied.text()).not.toContain("project only");
    // The neighbour's own project path does not reach another project's attachment.
    const sideways = await download(neighbour, `${secondFixture.base}/issue-attachments/${created.body.id}/file/`);
    expect(sideways.status).toBe(404);
    await sideways.arrayBuffer();
    expect((await neighbour.delete(`${secondFixture.base}/issue-attachments/${created.body.id}/`)).status).toBe(404);
    expect((await neighbour.get(`${p.base}/issues/${issue.id}/issue-attachments/`)).status).toBe(403);

    // Someone from another workspace, with their own project and with ours.
    const stranger = await createProjectFixture(undefined, "ATTC");
    const foreign = await download(stranger.owner, `${stranger.base}/issue-attachments/${created.body.id}/file/`);
    expect(foreign.status).toBe(404);
    await foreign.arrayBuffer();
    const ours = await download(stranger.owner, created.body.asset);
    expect(ours.status).toBe(403);
    await ours.arrayBuffer();
    const intoForeign = await upload(stranger.owner, `${stranger.base}/issues/${issue.id}/issue-attachments/`, {
      asset: new Blob(["x"]),
      filename: "x.txt",
    });
    expect(intoForeign.status).toBe(404);
    expect(intoForeign.body).toEqual({ error: "Issue not found." });

    // Still there, for the project.
    const own = await download(p.owner, created.body.asset);
    expect(await own.text()).toBe("project only");
  });
});
