// The project settings' General page as the browser uses it: its action posted the way Remix's
// fetchers post it (the details form as form data, the switches and built-in covers as JSON, the
// cover upload as multipart, the delete dialog as form data). Only project owners may write; a
// refused write, or one with bad input, changes nothing.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { type Client, ORIGIN } from "../helpers/api";
import { countRows, createProject, createTeamWithProject, rowOf, snapshot } from "../helpers/fixtures";
import { type PageActionBody, postPageAction } from "../helpers/page-action";

type Team = Awaited<ReturnType<typeof createTeamWithProject>>;
let team: Team;

beforeEach(async () => {
  team = await createTeamWithProject("pgen");
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x70, 0x6e, 0x67]);

const settingsPath = (projectId = team.project.id) => `/${team.slug}/projects/${projectId}/settings`;

/** Posts to the General page's action as a fetcher does. */
function post(client: Client, body: PageActionBody, projectId = team.project.id) {
  return postPageAction(client, `${settingsPath(projectId)}.data?index`, body);
}

async function page(client: Client, path: string) {
  const response = await fetchWorker(`${ORIGIN}${path}`, { headers: { cookie: client.cookie } });
  return { status: response.status, html: await response.text() };
}

function coverUpload(blob: Blob = new Blob([PNG], { type: "image/png" }), name = "cover.png") {
  const form = new FormData();
  form.append("asset", blob, name);
  form.append("attributes", JSON.stringify({ name, size: blob.size }));
  return { multipart: form };
}

type ProjectRow = {
  name: string;
  identifier: string;
  description: string;
  network: number;
  emoji: string | null;
  icon_prop: string | null;
  cover_image: string | null;
  cycle_view: number;
  module_view: number;
};
const projectRow = () => rowOf<ProjectRow>("projects", "id = ?", team.project.id);
const assetCount = () => countRows("file_assets", "workspace_id = ?", team.workspaceId);

type DetailField = "name" | "identifier" | "description" | "network" | "emoji" | "icon_prop.name" | "icon_prop.color";
const details = (fields: Partial<Record<DetailField, string>> = {}) => ({
  form: { name: team.project.name, identifier: team.project.identifier, description: "", network: "2", emoji: "", ...fields },
});

describe("the page", () => {
  it("shows the title block and the project's values; members see them read-only", async () => {
    const owner = await page(team.owner, settingsPath());
    expect(owner.status).toBe(200);
    expect(owner.html).toContain("Project Settings");
    expect(owner.html).toContain("This information will be displayed to every member of the project.");
    expect(owner.html).toContain(`value="${team.project.identifier}"`);
    expect(owner.html).toContain("Update project");
    const member = await page(team.member, settingsPath());
    expect(member.html).toContain("Only project owners can change these settings.");
    expect(member.html).not.toContain("Update project");
    for (const client of [team.viewer, team.guest]) {
      const refused = await page(client, settingsPath());
      expect(refused.html).toContain("Oops! You are not authorized to view this page");
      expect(refused.html).not.toContain(`value="${team.project.identifier}"`);
    }
  });
});

describe("details form", () => {
  it("renames the project and saves identifier, description, network and emoji", async () => {
    const answer = await post(team.owner, details({ name: "Renamed", identifier: "RNM", description: "Now with words", network: "0", emoji: "128640" }));
    expect(answer.status).toBe(200);
    expect(await projectRow()).toMatchObject({ name: "Renamed", identifier: "RNM", description: "Now with words", network: 0, emoji: "128640" });
    // The project header reads the new name.
    expect((await page(team.owner, settingsPath())).html).toContain("Renamed");
  });

  it("saves an icon in its colour in place of the emoji, and an emoji in place of the icon", async () => {
    await post(team.owner, details({ emoji: "128640" }));
    const icon = await post(team.owner, details({ "icon_prop.name": "rocket_launch", "icon_prop.color": "#FF6B00" }));
    expect(icon.status).toBe(200);
    let row = await projectRow();
    expect(row?.emoji).toBeNull();
    expect(JSON.parse(row?.icon_prop ?? "null")).toEqual({ name: "rocket_launch", color: "#FF6B00" });
    // A colour that is not one is refused, and nothing changes.
    const refused = await post(team.owner, details({ "icon_prop.name": "bolt", "icon_prop.color": "orange" }));
    expect(refused.status).toBe(400);
    expect(JSON.parse((await projectRow())?.icon_prop ?? "null")).toEqual({ name: "rocket_launch", color: "#FF6B00" });
    await post(team.owner, details({ emoji: "127793" }));
    row = await projectRow();
    expect(row).toMatchObject({ emoji: "127793", icon_prop: null });
  });

  it("answers each field's message for bad input and changes nothing", async () => {
    const other = await createProject(team.owner, team.slug, { identifier: "TAKEN" });
    const before = await snapshot();
    const row = await projectRow();
    const cases: [Record<string, string>, string][] = [
      [{ name: "  " }, "Name is required"],
      [{ name: "x".repeat(256) }, "Name should be less than 255 characters"],
      [{ identifier: "" }, "Identifier is required"],
      [{ identifier: "abc" }, "Identifier must be uppercase text."],
      [{ identifier: "ABCDEF" }, "Identifier must at most be of 5 characters"],
      [{ identifier: other.identifier }, "Project identifier is already taken"],
    ];
    for (const [fields, message] of cases) {
      const answer = await post(team.owner, details(fields));
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
    expect(await projectRow()).toEqual(row);
  });

  it("refuses members, viewers and guests with 403 and changes nothing", async () => {
    const before = await snapshot();
    for (const client of [team.member, team.viewer, team.guest]) {
      const answer = await post(client, details({ name: "Taken over" }));
      expect(answer.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("feature switches", () => {
  it("saves a flag at once, and the sidebar drops the entry", async () => {
    const cycles = `href="/${team.slug}/projects/${team.project.id}/cycles"`;
    expect((await page(team.owner, settingsPath())).html).toContain(cycles);
    const answer = await post(team.owner, { json: { intent: "toggle-feature", feature: "cycle_view", enabled: false } });
    expect(answer.status).toBe(200);
    expect(await projectRow()).toMatchObject({ cycle_view: 0, module_view: 1 });
    expect((await page(team.owner, settingsPath())).html).not.toContain(cycles);
    await post(team.owner, { json: { intent: "toggle-feature", feature: "cycle_view", enabled: true } });
    expect(await projectRow()).toMatchObject({ cycle_view: 1 });
  });

  it("refuses anyone but an owner, and an unknown feature, changing nothing", async () => {
    const row = await projectRow();
    for (const client of [team.member, team.viewer, team.guest]) {
      expect((await post(client, { json: { intent: "toggle-feature", feature: "module_view", enabled: false } })).status).toBe(403);
    }
    expect((await post(team.owner, { json: { intent: "toggle-feature", feature: "estimate", enabled: false } })).status).toBe(400);
    expect((await post(team.owner, { json: { intent: "toggle-feature", feature: "page_view", enabled: "no" } })).status).toBe(400);
    expect(await projectRow()).toEqual(row);
  });
});

describe("cover", () => {
  it("stores an upload as a workspace file asset and deletes the previous upload when replaced", async () => {
    const first = await post(team.owner, coverUpload());
    expect(first.status).toBe(200);
    const firstCover = (await projectRow())!.cover_image!;
    expect(firstCover).toMatch(new RegExp(`^/api/workspaces/${team.slug}/file-assets/[0-9a-f-]{36}/$`));
    const firstAsset = await rowOf<{ id: string; asset_key: string }>("file_assets", "workspace_id = ?", team.workspaceId);
    expect(await env.FILES.get(firstAsset!.asset_key)).not.toBeNull();
    // Every member of the workspace can see it on the project card.
    const served = await fetchWorker(`${ORIGIN}${firstCover}`, { headers: { cookie: team.viewer.cookie } });
    expect(served.status).toBe(200);
    await served.arrayBuffer();

    const second = await post(team.owner, coverUpload());
    expect(second.status).toBe(200);
    expect((await projectRow())!.cover_image).not.toBe(firstCover);
    expect(await assetCount()).toBe(1);
    expect(await rowOf("file_assets", "id = ?", firstAsset!.id)).toBeNull();
    expect(await env.FILES.get(firstAsset!.asset_key)).toBeNull();

    // A built-in cover replaces the upload, whose file goes too.
    const builtIn = await post(team.owner, { json: { intent: "set-cover", cover_image: "/assets/aurora-abc.svg" } });
    expect(builtIn.status).toBe(200);
    expect((await projectRow())!.cover_image).toBe("/assets/aurora-abc.svg");
    expect(await assetCount()).toBe(0);
    // And null goes back to the default cover.
    expect((await post(team.owner, { json: { intent: "set-cover", cover_image: null } })).status).toBe(200);
    expect((await projectRow())!.cover_image).toBeNull();
  });

  it("never deletes someone else's file that a cover was pointed at", async () => {
    // A workspace member owns a project of their own, and points its cover at the owner's upload.
    const own = await createProject(team.member, team.slug);
    const form = coverUpload().multipart;
    const uploaded = await fetchWorker(`${ORIGIN}/api/workspaces/${team.slug}/file-assets/`, {
      method: "POST",
      headers: { cookie: team.owner.cookie, origin: ORIGIN },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const theirs = (await uploaded.json()) as { id: string; asset: string };
    expect((await post(team.member, { json: { intent: "set-cover", cover_image: theirs.asset } }, own.id)).status).toBe(200);
    // Replacing that cover leaves the owner's file alone; the member's own upload is theirs to drop.
    expect((await post(team.member, coverUpload(), own.id)).status).toBe(200);
    expect(await rowOf("file_assets", "id = ?", theirs.id)).not.toBeNull();
    expect((await post(team.member, { json: { intent: "set-cover", cover_image: null } }, own.id)).status).toBe(200);
    expect(await assetCount()).toBe(1);
  });

  it("refuses a file that is not an image, and anything over 5 MB, keeping the old cover", async () => {
    await post(team.owner, coverUpload());
    const row = await projectRow();
    const html = await post(team.owner, coverUpload(new Blob(["<script>x</script>"], { type: "image/png" }), "x.png"));
    expect(html.status).toBe(400);
    expect(html.text).toContain("Only PNG, JPEG, GIF and WebP images can be uploaded.");
    const big = new Uint8Array(5_242_881);
    big.set(PNG);
    const tooBig = await post(team.owner, coverUpload(new Blob([big], { type: "image/png" })));
    expect(tooBig.status).toBe(413);
    expect(tooBig.text).toContain("Invalid file type or size (max 5 MB)");
    expect(await projectRow()).toEqual(row);
    expect(await assetCount()).toBe(1);
  });

  it("refuses anyone but an owner before storing anything", async () => {
    const row = await projectRow();
    for (const client of [team.member, team.viewer, team.guest]) {
      expect((await post(client, coverUpload())).status).toBe(403);
      expect((await post(client, { json: { intent: "set-cover", cover_image: "/assets/x.svg" } })).status).toBe(403);
    }
    expect(await assetCount()).toBe(0);
    expect(await projectRow()).toEqual(row);
  });
});

describe("delete project", () => {
  it("refuses a member with 403 and keeps the project; an owner deletes it and goes to the projects list", async () => {
    const before = await snapshot();
    const refused = await post(team.member, { form: { intent: "delete-project", project_id: team.project.id } });
    expect(refused.status).toBe(403);
    expect(await snapshot()).toEqual(before);

    await post(team.owner, coverUpload());
    const answer = await post(team.owner, { form: { intent: "delete-project", project_id: team.project.id } });
    // A fetcher's redirect comes back as single-fetch's 202 with the target in the body.
    expect([202, 204, 302]).toContain(answer.status);
    expect(answer.text + (answer.headers.get("location") ?? "") + (answer.headers.get("x-remix-redirect") ?? "")).toContain(
      `"/${team.slug}"`,
    );
    expect(await projectRow()).toBeNull();
    // Its uploaded cover went with it.
    expect(await assetCount()).toBe(0);
  });
});
