// File assets: workspace images and user avatars,
// uploaded as multipart (asset + attributes), limited to PNG/JPEG/GIF/WebP up to 5 MB, served back
// through the Worker to members only (avatars: to any signed-in user), deleted by the uploader or a
// workspace owner.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Call, type Client, ORIGIN, call, signUp } from "../helpers/api";
import { type Team, createTeam } from "../helpers/fixtures";

const MAX = 5_242_880;
const TOO_LARGE = { error: "Invalid file type or size (max 5 MB)" };
const BAD_TYPE = { asset: ["Only PNG, JPEG, GIF and WebP images can be uploaded."] };

let team: Team;
let otherTeam: Team;

beforeAll(async () => {
  [team, otherTeam] = await Promise.all([createTeam("assets"), createTeam("elsewhere")]);
});

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((ch) => ch.charCodeAt(0)) : part)));

const IMAGES = {
  "image/png": bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "png-body"),
  "image/jpeg": bytes([0xff, 0xd8, 0xff, 0xe0], "jpeg-body"),
  "image/gif": bytes("GIF89a", "gif-body"),
  "image/webp": bytes("RIFF", [0x10, 0, 0, 0], "WEBPVP8 ", "webp-body"),
} as const;

const png = (size?: number) => {
  if (size === undefined) return new Blob([IMAGES["image/png"]], { type: "image/png" });
  const data = new Uint8Array(size);
  data.set(IMAGES["image/png"]);
  return new Blob([data], { type: "image/png" });
};

async function asCall(response: Response): Promise<Call> {
  const text = await response.text();
  const body = text && response.headers.get("content-type")?.includes("application/json") ? JSON.parse(text) : text;
  return { status: response.status, body, headers: response.headers };
}

/** A multipart upload the way the browser sends it: `asset` (a file) and `attributes` (JSON text). */
async function upload(client: Client | null, path: string, parts: { asset?: Blob | string; filename?: string; attributes?: string }) {
  const form = new FormData();
  if (parts.asset instanceof Blob) form.append("asset", parts.asset, parts.filename ?? "image.png");
  else if (parts.asset !== undefined) form.append("asset", parts.asset);
  if (parts.attributes !== undefined) form.append("attributes", parts.attributes);
  const headers: Record<string, string> = client ? { cookie: client.cookie } : {};
  return asCall(await fetchWorker(`${ORIGIN}${path}`, { method: "POST", headers, body: form }));
}

const download = (client: Client | null, asset: string) =>
  fetchWorker(`${ORIGIN}${asset}`, { headers: client ? { cookie: client.cookie } : {} });

const wsPath = (slug = team.slug) => `/api/workspaces/${slug}/file-assets/`;
const USERS = "/api/users/file-assets/";

async function counts(prefix: string) {
  const listed = await env.FILES.list({ prefix });
  const rows = await env.DB.prepare("SELECT count(*) AS n FROM file_assets").first<{ n: number }>();
  return { objects: listed.objects.length, rows: rows!.n };
}

async function uploadOk(client: Client, path: string, blob: Blob = png(), attributes = '{"name": "cover.png", "size": 16}') {
  const response = await upload(client, path, { asset: blob, attributes });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; asset: string; attributes: { name: string; size: number }; content_type: string };
}

describe("workspace file assets", () => {
  it("a member uploads an image: 201 with an asset URL served by the Worker, an R2 object and a row", async () => {
    const created = await uploadOk(team.member, wsPath());
    expect(created).toMatchObject({
      asset: `/api/workspaces/${team.slug}/file-assets/${created.id}/`,
      attributes: { name: "cover.png", size: IMAGES["image/png"].byteLength },
      content_type: "image/png",
      workspace: team.workspaceId,
      created_by: team.member.user.id,
    });
    const row = await env.DB.prepare("SELECT asset_key, workspace_id, size FROM file_assets WHERE id = ?")
      .bind(created.id)
      .first<{ asset_key: string; workspace_id: string; size: number }>();
    expect(row!.asset_key.startsWith(`workspaces/${team.workspaceId}/`)).toBe(true);
    expect(row!.size).toBe(IMAGES["image/png"].byteLength);
    expect(await env.FILES.head(row!.asset_key)).not.toBeNull();

    for (const reader of [team.owner, team.member, team.viewer, team.guest]) {
      const response = await download(reader, created.asset);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toContain("private");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(IMAGES["image/png"]);
    }
  });

  it.each(Object.entries(IMAGES))("accepts %s", async (type, data) => {
    const created = await uploadOk(team.member, wsPath(), new Blob([data], { type }), "{}");
    expect(created.content_type).toBe(type);
    expect(created.attributes).toEqual({ name: "image.png", size: data.byteLength });
    const response = await download(team.guest, created.asset);
    expect(response.headers.get("content-type")).toBe(type);
    await response.arrayBuffer();
  });

  it("only workspace members download: outsiders 403, anonymous 401, another workspace's slug 404", async () => {
    const created = await uploadOk(team.member, wsPath());
    const outsider = await download(team.outsider, created.asset);
    expect(outsider.status).toBe(403);
    expect(await outsider.json()).toEqual({ error: "You are not a member of this workspace." });
    expect((await download(null, created.asset)).status).toBe(401);
    const viaOther = await download(otherTeam.owner, `/api/workspaces/${otherTeam.slug}/file-assets/${created.id}/`);
    expect(viaOther.status).toBe(404);
    await viaOther.arrayBuffer();
    const viaUsers = await download(team.member, `${USERS}${created.id}/`);
    expect(viaUsers.status).toBe(404);
    await viaUsers.arrayBuffer();
  });

  it("viewers and guests cannot upload; outsiders and anonymous callers neither", async () => {
    const before = await counts(`workspaces/${team.workspaceId}/`);
    expect((await upload(team.viewer, wsPath(), { asset: png() })).status).toBe(403);
    expect((await upload(team.guest, wsPath(), { asset: png() })).status).toBe(403);
    expect((await upload(team.outsider, wsPath(), { asset: png() })).status).toBe(403);
    expect((await upload(null, wsPath(), { asset: png() })).status).toBe(401);
    expect(await counts(`workspaces/${team.workspaceId}/`)).toEqual(before);
  });

  it.each([
    ["plain text", new Blob(["hello"], { type: "text/plain" })],
    ["SVG", new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: "image/svg+xml" })],
    ["HTML claiming to be a PNG", new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" })],
    ["a PNG without a type", new Blob([IMAGES["image/png"]], { type: "" })],
    ["a PDF", new Blob(["%PDF-1.4"], { type: "application/pdf" })],
  ])("refuses %s with 400 and stores nothing", async (_label, blob) => {
    const before = await counts(`workspaces/${team.workspaceId}/`);
    const response = await upload(team.member, wsPath(), { asset: blob, attributes: "{}" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(BAD_TYPE);
    expect(await counts(`workspaces/${team.workspaceId}/`)).toEqual(before);
  });

  it("accepts exactly 5 MB and refuses one byte more with 413, storing nothing", async () => {
    const exact = await uploadOk(team.member, wsPath(), png(MAX), "{}");
    expect(exact.attributes.size).toBe(MAX);
    const before = await counts(`workspaces/${team.workspaceId}/`);
    const response = await upload(team.member, wsPath(), { asset: png(MAX + 1), attributes: "{}" });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
    const huge = await upload(team.member, wsPath(), { asset: png(MAX + 200_000), attributes: "{}" });
    expect(huge.status).toBe(413);
    expect(await counts(`workspaces/${team.workspaceId}/`)).toEqual(before);
  });

  it.each([
    ["no file", { attributes: "{}" }, "asset"],
    ["a text field instead of a file", { asset: "not a file" }, "asset"],
    ["an empty file", { asset: new Blob([], { type: "image/png" }) }, "asset"],
    ["attributes that are not JSON", { asset: png(), attributes: "{name" }, "attributes"],
    ["attributes that are a list", { asset: png(), attributes: "[1]" }, "attributes"],
    ["a name that is not text", { asset: png(), attributes: '{"name": 5}' }, "attributes.name"],
  ])("refuses %s with a 400 field error", async (_label, parts, field) => {
    const before = await counts(`workspaces/${team.workspaceId}/`);
    const response = await upload(team.member, wsPath(), parts);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual([field]);
    expect(await counts(`workspaces/${team.workspaceId}/`)).toEqual(before);
  });

  it("refuses a JSON or malformed body with 400, never 500", async () => {
    for (const rawBody of ["{}", "{", "null"]) {
      const response = await call("POST", wsPath(), { cookie: team.member.cookie, rawBody });
      expect(response.status, rawBody).toBe(400);
    }
    const broken = await call("POST", wsPath(), {
      cookie: team.member.cookie,
      rawBody: "--x\r\nContent-Disposition: form-data; name=\"asset\"",
      headers: { "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
  });

  describe("deleting", () => {
    it("the uploader deletes: the row and the object go, the URL answers 404", async () => {
      const created = await uploadOk(team.member, wsPath());
      const key = (await env.DB.prepare("SELECT asset_key FROM file_assets WHERE id = ?").bind(created.id).first<{ asset_key: string }>())!
        .asset_key;
      expect((await team.member.delete(created.asset)).status).toBe(204);
      expect(await env.FILES.head(key)).toBeNull();
      const gone = await download(team.member, created.asset);
      expect(gone.status).toBe(404);
      await gone.arrayBuffer();
      expect((await team.member.delete(created.asset)).status).toBe(404);
    });

    it("another member cannot delete; a workspace owner can", async () => {
      const created = await uploadOk(team.member, wsPath());
      const refused = await team.viewer.delete(created.asset);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: "Only the uploader or a workspace owner can delete this file." });
      expect((await team.outsider.delete(created.asset)).status).toBe(403);
      expect((await call("DELETE", created.asset)).status).toBe(401);
      expect((await team.owner.delete(`/api/workspaces/${team.slug}/file-assets/${created.id}`)).status).toBe(204);
    });

    it("the spec's slug-less path /api/workspaces/file-assets/{id}/ deletes with the same rules", async () => {
      const created = await uploadOk(team.member, wsPath());
      expect((await team.guest.delete(`/api/workspaces/file-assets/${created.id}/`)).status).toBe(403);
      expect((await otherTeam.owner.delete(`/api/workspaces/file-assets/${created.id}/`)).status).toBe(403);
      expect((await team.member.delete(`/api/workspaces/file-assets/${created.id}/`)).status).toBe(204);
      expect((await team.member.delete(`/api/workspaces/file-assets/${created.id}/`)).status).toBe(404);
      expect((await team.member.delete(`/api/workspaces/file-assets/${crypto.randomUUID()}`)).status).toBe(404);
    });

    it("another workspace's asset is 404 under this slug", async () => {
      const foreign = await uploadOk(otherTeam.owner, wsPath(otherTeam.slug));
      expect((await team.owner.delete(`${wsPath()}${foreign.id}/`)).status).toBe(404);
      const still = await download(otherTeam.owner, foreign.asset);
      expect(still.status).toBe(200);
      await still.arrayBuffer();
    });
  });
});

describe("user file assets (avatars)", () => {
  it("any signed-in user uploads; any signed-in user downloads; anonymous callers get 401", async () => {
    const user = await signUp({ first_name: "Avatar" });
    const created = await uploadOk(user, USERS, new Blob([IMAGES["image/jpeg"]], { type: "image/jpeg" }), '{"name": "me.jpg"}');
    expect(created).toMatchObject({
      asset: `/api/users/file-assets/${created.id}/`,
      attributes: { name: "me.jpg", size: IMAGES["image/jpeg"].byteLength },
      workspace: null,
      content_type: "image/jpeg",
    });
    const row = await env.DB.prepare("SELECT asset_key, workspace_id FROM file_assets WHERE id = ?")
      .bind(created.id)
      .first<{ asset_key: string; workspace_id: string | null }>();
    expect(row!.workspace_id).toBeNull();
    expect(row!.asset_key.startsWith(`users/${user.user.id}/`)).toBe(true);

    const stranger = await signUp({ first_name: "Stranger" });
    const seen = await download(stranger, created.asset);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/jpeg");
    expect(seen.headers.get("x-content-type-options")).toBe("nosniff");
    expect(seen.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await seen.arrayBuffer())).toEqual(IMAGES["image/jpeg"]);
    expect((await download(null, created.asset)).status).toBe(401);
    expect((await upload(null, USERS, { asset: png() })).status).toBe(401);
    // Not reachable as a workspace asset.
    const viaWorkspace = await download(team.owner, `${wsPath()}${created.id}/`);
    expect(viaWorkspace.status).toBe(404);
    await viaWorkspace.arrayBuffer();
  });

  it("applies the same type and size limits", async () => {
    const user = await signUp({ first_name: "Limits" });
    const before = await counts(`users/${user.user.id}/`);
    const text = await upload(user, USERS, { asset: new Blob(["hi"], { type: "text/plain" }) });
    expect(text.status).toBe(400);
    expect(text.body).toEqual(BAD_TYPE);
    const big = await upload(user, USERS, { asset: png(MAX + 1) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(TOO_LARGE);
    expect(await counts(`users/${user.user.id}/`)).toEqual(before);
  });

  it("only the uploader deletes", async () => {
    const user = await signUp({ first_name: "Owner" });
    const created = await uploadOk(user, USERS);
    const intruder = await signUp({ first_name: "Intruder" });
    const refused = await intruder.delete(`${USERS}${created.id}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "Only the uploader can delete this file." });
    expect((await call("DELETE", `${USERS}${created.id}/`)).status).toBe(401);
    expect((await user.delete(`${USERS}${created.id}`)).status).toBe(204);
    const gone = await download(user, created.asset);
    expect(gone.status).toBe(404);
    await gone.arrayBuffer();
    expect((await user.delete(`${USERS}${created.id}/`)).status).toBe(404);
  });
});
