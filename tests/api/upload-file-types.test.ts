// Every upload path (issue attachments, workspace images, avatars, covers) stores the type the
// file's bytes prove, not the one the client claims; only raster images are served inline, the
// rest (SVG and HTML included) as nosniff downloads; names are made safe; an image-only upload
// refuses bytes that are not an image; a body too large is refused while it streams.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Call, type Client, ORIGIN, signUp } from "../helpers/api";
import { callWorker, createTeamWithProject } from "../helpers/fixtures";
import { postPageAction } from "../helpers/page-action";

const MAX = 5_242_880;
const BAD_TYPE = { asset: ["Only PNG, JPEG, GIF and WebP images can be uploaded."] };
const TOO_LARGE = { error: "Invalid file type or size (max 5 MB)" };

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part)] : part)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "png-body");
const AVIF = bytes([0, 0, 0, 28], "ftyp", "avif", [0, 0, 0, 0], "avif", "mif1", "miaf", "avif-body");
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';
const HTML = "<!doctype html><html><body><script>fetch('/api/users/me/')</script></body></html>";

let team: Awaited<ReturnType<typeof createTeamWithProject>>;
let base: string;

beforeAll(async () => {
  team = await createTeamWithProject("filetypes");
  base = `/api/workspaces/${team.slug}/projects/${team.project.id}`;
});

async function asCall(response: Response): Promise<Call> {
  const text = await response.text();
  const body = text && response.headers.get("content-type")?.includes("application/json") ? JSON.parse(text) : text;
  return { status: response.status, body, headers: response.headers };
}

async function upload(client: Client, path: string, blob: Blob, filename: string, attributes?: Record<string, unknown>) {
  const form = new FormData();
  form.append("asset", blob, filename);
  if (attributes) form.append("attributes", JSON.stringify(attributes));
  return asCall(await fetchWorker(`${ORIGIN}${path}`, { method: "POST", headers: { cookie: client.cookie }, body: form }));
}

const download = (client: Client, asset: string) => fetchWorker(`${ORIGIN}${asset}`, { headers: { cookie: client.cookie } });

async function newIssue(name: string) {
  const made = await team.owner.post(`${base}/issues/`, { name });
  expect(made.status).toBe(201);
  return made.body.id as string;
}

async function attach(issueId: string, blob: Blob, filename: string, attributes?: Record<string, unknown>) {
  const created = await upload(team.member, `${base}/issues/${issueId}/issue-attachments/`, blob, filename, attributes);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; asset: string; content_type: string; attributes: { name: string } };
}

async function storedAttachment(id: string) {
  const row = await env.DB.prepare("SELECT asset_key, content_type, attributes FROM issue_attachments WHERE id = ?")
    .bind(id)
    .first<{ asset_key: string; content_type: string; attributes: string }>();
  const object = await env.FILES.head(row!.asset_key);
  return { row: row!, objectType: object?.httpMetadata?.contentType, objectName: object?.customMetadata?.name };
}

function expectDownload(response: Response, type: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(type);
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
}

describe("issue attachments are typed by their bytes", () => {
  it("stores and serves an SVG claimed as image/png as an unknown download", async () => {
    const issueId = await newIssue("SVG in disguise");
    const created = await attach(issueId, new Blob([SVG], { type: "image/png" }), "logo.png");
    expect(created.content_type).toBe("application/octet-stream");
    const stored = await storedAttachment(created.id);
    expect(stored.row.content_type).toBe("application/octet-stream");
    expect(stored.objectType).toBe("application/octet-stream");
    const served = await download(team.viewer, created.asset);
    expectDownload(served, "application/octet-stream");
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="logo.png"; filename*=UTF-8''logo.png`);
    expect(new TextDecoder().decode(await served.arrayBuffer())).toBe(SVG);
  });

  it.each([
    ["an SVG sent as image/svg+xml", SVG, "image/svg+xml", "drawing.svg"],
    ["an HTML file sent as text/html", HTML, "text/html", "page.html"],
    ["an HTML file sent as text/plain", HTML, "text/plain", "notes.txt"],
    ["an HTML file sent as image/jpeg", HTML, "image/jpeg", "photo.jpg"],
  ])("stores and serves %s as an unknown download", async (_label, content, claimed, filename) => {
    const issueId = await newIssue(`Upload ${filename}`);
    const created = await attach(issueId, new Blob([content], { type: claimed }), filename);
    expect(created.content_type).toBe("application/octet-stream");
    expect((await storedAttachment(created.id)).objectType).toBe("application/octet-stream");
    const served = await download(team.member, created.asset);
    expectDownload(served, "application/octet-stream");
    await served.arrayBuffer();
  });

  it("serves a PNG inline as image/png even when the browser called it something else", async () => {
    const issueId = await newIssue("Screenshot");
    const created = await attach(issueId, new Blob([PNG], { type: "application/octet-stream" }), "screen shot.png");
    expect(created.content_type).toBe("image/png");
    const served = await download(team.guest, created.asset);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-disposition")).toBe(`inline; filename="screen shot.png"; filename*=UTF-8''screen%20shot.png`);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("recognises AVIF (inline), PDF and ZIP (downloads), and text only when it is text", async () => {
    const issueId = await newIssue("Mixed files");
    const avif = await attach(issueId, new Blob([AVIF], { type: "" }), "photo.avif");
    expect(avif.content_type).toBe("image/avif");
    const avifServed = await download(team.member, avif.asset);
    expect(avifServed.headers.get("content-disposition")).toMatch(/^inline; /);
    await avifServed.arrayBuffer();

    const cases: [Blob, string, string][] = [
      [new Blob(["%PDF-1.7\n..."], { type: "image/png" }), "spec.pdf", "application/pdf"],
      [new Blob([bytes("PK", [3, 4], "zip-body")], { type: "text/plain" }), "bundle.zip", "application/zip"],
      [new Blob(["a,b\n1,2\n"], { type: "text/csv" }), "table.csv", "text/csv"],
      [new Blob([bytes("log", [0, 1, 2], "binary")], { type: "text/plain" }), "dump.txt", "application/octet-stream"],
    ];
    for (const [blob, filename, type] of cases) {
      const created = await attach(issueId, blob, filename);
      expect(created.content_type, filename).toBe(type);
      const served = await download(team.member, created.asset);
      expectDownload(served, type);
      await served.arrayBuffer();
    }
  });

  it("sanitises names: no path separators, quotes or control characters, in the row and the header", async () => {
    const issueId = await newIssue("Hostile names");
    const created = await attach(issueId, new Blob(["plain words"], { type: "text/plain" }), "ignored.txt", {
      name: '../../secrets/"quoted" it\'s\r\nX-Injected: 1.txt',
    });
    const safe = ".._.._secrets__quoted_ it_s__X-Injected: 1.txt";
    expect(created.attributes.name).toBe(safe);
    const stored = await storedAttachment(created.id);
    expect(JSON.parse(stored.row.attributes).name).toBe(safe);
    expect(stored.objectName).toBe(safe);
    const served = await download(team.member, created.asset);
    expect(served.headers.get("content-disposition")).toBe(
      `attachment; filename="${safe}"; filename*=UTF-8''.._.._secrets__quoted_%20it_s__X-Injected%3A%201.txt`,
    );
    expect(served.headers.get("x-injected")).toBeNull();
    await served.arrayBuffer();

    // A file's own name is made safe the same way; one that is only dots falls back to "file".
    const own = await attach(issueId, new Blob(["x"], { type: "text/plain" }), "a\\b'c.txt");
    expect(own.attributes.name).toBe("a_b_c.txt");
    const dots = await attach(issueId, new Blob(["x"], { type: "text/plain" }), "x.txt", { name: ".." });
    expect(dots.attributes.name).toBe("file");
  });

  it("serves a row stored before this rule with an HTML or SVG type as an unknown download", async () => {
    const issueId = await newIssue("Old rows");
    for (const oldType of ["text/html", "image/svg+xml"]) {
      const created = await attach(issueId, new Blob([HTML], { type: "text/plain" }), "old.html");
      await env.DB.prepare("UPDATE issue_attachments SET content_type = ? WHERE id = ?").bind(oldType, created.id).run();
      const served = await download(team.member, created.asset);
      expectDownload(served, "application/octet-stream");
      await served.arrayBuffer();
    }
  });
});

describe("image-only uploads refuse bytes that are not a raster image", () => {
  const wsAssets = () => `/api/workspaces/${team.slug}/file-assets/`;

  it.each([
    ["an SVG claimed as image/png", new Blob([SVG], { type: "image/png" })],
    ["an HTML file claimed as image/png", new Blob([HTML], { type: "image/png" })],
    ["an SVG as itself", new Blob([SVG], { type: "image/svg+xml" })],
  ])("refuses %s as a workspace image and as an avatar with 400, storing nothing", async (_label, blob) => {
    for (const path of [wsAssets(), "/api/users/file-assets/"]) {
      const before = await env.DB.prepare("SELECT count(*) AS n FROM file_assets").first<{ n: number }>();
      const refused = await upload(team.member, path, blob, "image.png");
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(BAD_TYPE);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM file_assets").first<{ n: number }>()).toEqual(before);
    }
  });

  it("serves an uploaded image and an avatar inline, named, never sniffed", async () => {
    for (const path of [wsAssets(), "/api/users/file-assets/"]) {
      const created = await upload(team.member, path, new Blob([PNG], { type: "image/png" }), "me.png", { name: 'my "face".png' });
      expect(created.status).toBe(201);
      expect(created.body.attributes.name).toBe("my _face_.png");
      const served = await download(team.viewer, created.body.asset);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("content-disposition")).toBe(`inline; filename="my _face_.png"; filename*=UTF-8''my%20_face_.png`);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      await served.arrayBuffer();
    }
  });

  it("refuses a project cover that is really HTML, keeping the old cover", async () => {
    const settings = `/${team.slug}/projects/${team.project.id}/settings.data?index`;
    const form = new FormData();
    form.append("asset", new Blob([HTML], { type: "image/png" }), "cover.png");
    form.append("attributes", JSON.stringify({ name: "cover.png" }));
    const before = await env.DB.prepare("SELECT cover_image FROM projects WHERE id = ?").bind(team.project.id).first();
    const refused = await postPageAction(team.owner, settings, { multipart: form });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(BAD_TYPE.asset[0]);
    expect(await env.DB.prepare("SELECT cover_image FROM projects WHERE id = ?").bind(team.project.id).first()).toEqual(before);
  });
});

describe("multipart bodies without a length", () => {
  it("refuses an image upload of six times the limit sent without Content-Length while it streams, storing nothing", async () => {
    const user = await signUp({ first_name: "Streamer" });
    const boundary = "----streamed-boundary";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="asset"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = new Uint8Array(256 * 1024);
    chunk.set(PNG);
    const total = 6 * MAX;
    let sent = 0;
    // Chunks of a body with no length and no closing boundary: only a byte count can stop it.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    // Handed to the Worker's fetch handler in this isolate: when it stops reading, it cancels this
    // stream rather than a network pipe.
    const response = await callWorker("POST", "/api/users/file-assets/", {
      cookie: user.cookie,
      stream: body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
    // Refused while the body streamed in: the Worker reads on a little past the limit (so the
    // client can read the 413 rather than a reset), then stops, well before the body's end.
    expect(sent).toBeLessThan(total);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM file_assets WHERE created_by = ?").bind(user.user.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await env.FILES.list({ prefix: `users/${user.user.id}/` })).objects).toEqual([]);
  });
});
