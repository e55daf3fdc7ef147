// Image search for covers against the fake Unsplash: searches go out with the server's access key
// (which never comes back), pages and the latest photos, bad input, an unconfigured server, a
// spent rate limit and an outage, the edge cache, the download ping (foreign URLs refused), and the
// picked photo's credit on the project.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import {
  IMAGE_SEARCH_FAILED,
  IMAGE_SEARCH_RATE_LIMITED,
  IMAGE_SEARCH_UNCONFIGURED,
  type UnsplashSearchAnswer,
} from "../../workers/domain/schemas/unsplash";
import { DOWNLOAD_LOCATION_REFUSED } from "../../workers/domain/image-search";
import { getConfig } from "../../workers/env";
import worker from "../../workers/index";
import { type Client, ORIGIN, call, signUp } from "../helpers/api";
import { expectStatus } from "../helpers/fixtures";
import { addUnsplashFault, clearUnsplashFaults, fakeUnsplashUrl, setUnsplashRateLimited, unsplashCalls } from "../helpers/fake-unsplash";
import { postPageAction } from "../helpers/page-action";
import { createProjectFixture } from "../helpers/project";

/** The access key the tests' Worker holds (the fake Unsplash accepts only it). */
const ACCESS_KEY = getConfig(env).UNSPLASH_ACCESS_KEY;

afterEach(async () => {
  await setUnsplashRateLimited(false);
  await clearUnsplashFaults();
});

const search = (client: Client, params: Record<string, string | number>) =>
  client.get(`/api/unsplash?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`);

/** How many times the fake was asked this exact search. */
const searchesFor = async (query: string, page = 1) => (await unsplashCalls()).searches.filter((s) => s.query === query && s.page === page).length;

describe("GET /api/unsplash", () => {
  it("searches Unsplash with the server's key and answers a trimmed page without it", async () => {
    expect(ACCESS_KEY).not.toBe("");
    const user = await signUp();
    const before = (await unsplashCalls()).unauthorized;
    const first = await search(user, { page: 1, per_page: 20, query: "mountain" });
    expectStatus(first, 200);
    const answer = first.body as UnsplashSearchAnswer;
    expect(answer.total).toBe(45);
    expect(answer.total_pages).toBe(3);
    expect(answer.results).toHaveLength(20);
    const fake = fakeUnsplashUrl();
    expect(answer.results[0]).toEqual({
      id: "mountain-01",
      description: "A mountain view, number 1",
      alt_description: "mountain landscape 1",
      urls: {
        small: `${fake}/_fake/images/mountain-01.png?w=400`,
        regular: `${fake}/_fake/images/mountain-01.png?w=1080`,
        full: `${fake}/_fake/images/mountain-01.png?w=full`,
      },
      width: 6000,
      height: 4000,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      user: { name: "Mara Lindqvist", profile_url: `${fake}/web/@maralindqvist` },
      links: { html: `${fake}/web/photos/mountain-01`, download_location: `${fake}/photos/mountain-01/download?ixid=fake-mountain-01` },
    });
    // The key went to Unsplash (no call was refused) with the API version, and never comes back.
    const calls = await unsplashCalls();
    expect(calls.unauthorized).toBe(before);
    expect(calls.searches.find((s) => s.query === "mountain")).toEqual({ query: "mountain", page: 1, per_page: 20, accept_version: "v1" });
    expect(JSON.stringify(first.body)).not.toContain(ACCESS_KEY);
    for (const [, value] of first.headers) expect(value).not.toContain(ACCESS_KEY);

    // The last page holds the rest, and no photo shows up twice across pages.
    const second = await search(user, { page: 2, per_page: 20, query: "mountain" });
    const third = await search(user, { page: 3, per_page: 20, query: "mountain" });
    expect(third.body.results).toHaveLength(5);
    const ids = [...answer.results, ...second.body.results, ...third.body.results].map((photo: { id: string }) => photo.id);
    expect(new Set(ids).size).toBe(45);
  });

  it("without a query lists the latest photos, with the total from Unsplash's headers", async () => {
    const user = await signUp();
    const latest = await search(user, { page: 2, per_page: 30 });
    expectStatus(latest, 200);
    expect(latest.body.total).toBe(95);
    expect(latest.body.total_pages).toBe(4);
    expect(latest.body.results).toHaveLength(30);
    expect((await unsplashCalls()).latest).toContainEqual({ page: 2, per_page: 30, accept_version: "v1" });
    // A search nothing matches is an empty page, not an error.
    const none = await search(user, { query: "volcano" });
    expectStatus(none, 200);
    expect(none.body).toEqual({ total: 0, total_pages: 0, results: [] });
  });

  it("refuses a bad page or page size, and anyone not signed in", async () => {
    const user = await signUp();
    const tooMany = await search(user, { query: "city", per_page: 31 });
    expectStatus(tooMany, 400);
    expect(tooMany.body).toEqual({ per_page: ["Per page must be a whole number from 1 to 30."] });
    for (const page of ["0", "-1", "1.5", "abc"]) {
      const bad = await search(user, { query: "city", page });
      expectStatus(bad, 400);
      expect(bad.body).toEqual({ page: ["Page must be a whole number from 1 to 1000."] });
    }
    expectStatus(await search(user, { query: "x".repeat(101) }), 400);
    expectStatus(await call("GET", "/api/unsplash?query=city"), 401);
    expectStatus(await call("POST", "/api/unsplash/download", { body: { download_location: `${fakeUnsplashUrl()}/photos/city-01/download` } }), 401);
    expect(await searchesFor("city")).toBe(0);
  });

  it("answers 503 when the server has no Unsplash key", async () => {
    const user = await signUp();
    // A fresh env object: config is read once per env.
    const unconfigured = { ...env, UNSPLASH_ACCESS_KEY: "" } as typeof env;
    const ask = async (path: string, init: RequestInit = {}) => {
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`${ORIGIN}${path}`, {
          ...init,
          headers: { cookie: user.cookie, "content-type": "application/json", origin: ORIGIN },
        }) as Parameters<typeof worker.fetch>[0],
        unconfigured,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return { status: response.status, body: await response.json() };
    };
    expect(await ask("/api/unsplash?query=forest")).toEqual({ status: 503, body: { error: IMAGE_SEARCH_UNCONFIGURED } });
    const download = JSON.stringify({ download_location: `${fakeUnsplashUrl()}/photos/forest-01/download` });
    expect(await ask("/api/unsplash/download", { method: "POST", body: download })).toEqual({ status: 503, body: { error: IMAGE_SEARCH_UNCONFIGURED } });
  });

  it("answers 429 while Unsplash's rate limit is spent and 502 when it fails; neither is cached", async () => {
    const user = await signUp();
    await setUnsplashRateLimited(true);
    const limited = await search(user, { query: "forest" });
    expectStatus(limited, 429);
    expect(limited.body).toEqual({ error: IMAGE_SEARCH_RATE_LIMITED });
    await setUnsplashRateLimited(false);

    await addUnsplashFault({ status: 500, body: "Internal server error" });
    const failed = await search(user, { query: "forest" });
    expectStatus(failed, 502);
    expect(failed.body).toEqual({ error: IMAGE_SEARCH_FAILED });
    // A key Unsplash refuses is our fault, not the caller's: still a 502, never a 500.
    await addUnsplashFault({ status: 401, body: "OAuth error: The access token is invalid" });
    expectStatus(await search(user, { query: "forest" }), 502);

    const recovered = await search(user, { query: "forest" });
    expectStatus(recovered, 200);
    expect(recovered.body.total).toBe(8);
  });

  it("serves a repeated search from the edge cache, for every user alike", async () => {
    const [alice, bob] = await Promise.all([signUp({ first_name: "Alice" }), signUp({ first_name: "Bob" })]);
    const first = await search(alice, { query: "ocean", page: 1, per_page: 20 });
    expectStatus(first, 200);
    expect(await searchesFor("ocean")).toBe(1);
    // The same search by someone else, and with different spacing and case, is the cached answer.
    const again = await search(bob, { query: "  Ocean ", page: 1, per_page: 20 });
    expectStatus(again, 200);
    expect(again.body).toEqual(first.body);
    expect(await searchesFor("ocean")).toBe(1);
    expect(await searchesFor("Ocean")).toBe(0);
    // Another page is another entry.
    expectStatus(await search(bob, { query: "ocean", page: 2, per_page: 5 }), 200);
    expect(await searchesFor("ocean", 2)).toBe(1);
  });
});

describe("POST /api/unsplash/download", () => {
  it("pings a photo's download location with the key and refuses any other URL", async () => {
    const user = await signUp();
    const fake = fakeUnsplashUrl();
    const before = (await unsplashCalls()).downloads["desert-02"] ?? 0;
    const ping = await user.post("/api/unsplash/download", { download_location: `${fake}/photos/desert-02/download?ixid=fake-desert-02` });
    expectStatus(ping, 204);
    expect((await unsplashCalls()).downloads["desert-02"]).toBe(before + 1);

    const callsBefore = await unsplashCalls();
    for (const foreign of [
      "https://evil.example/photos/desert-02/download",
      `${fake.replace("127.0.0.1", "localhost")}/photos/desert-02/download`,
      `${fake}/search/photos?query=desert`,
      `${fake}/photos/../_fake/calls`,
      `${fake}/photosdesert/download`,
    ]) {
      const refused = await user.post("/api/unsplash/download", { download_location: foreign });
      expectStatus(refused, 400);
      expect(refused.body).toEqual({ download_location: [DOWNLOAD_LOCATION_REFUSED] });
    }
    expectStatus(await user.post("/api/unsplash/download", { download_location: "not a url" }), 400);
    expectStatus(await user.post("/api/unsplash/download", {}), 400);
    const callsAfter = await unsplashCalls();
    expect(callsAfter.downloads).toEqual(callsBefore.downloads);
    expect(callsAfter.searches).toHaveLength(callsBefore.searches.length);
  });
});

describe("a picked photo's credit on the project", () => {
  const credit = { name: "Aiko Tanaka", profile_url: "https://unsplash.com/@aikotanaka" };

  it("is kept with its cover, cleared by a cover without one, and must link over http(s)", async () => {
    const p = await createProjectFixture(undefined, "CRD");
    const created = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, {
      name: "Covered",
      identifier: "COVD",
      cover_image: "https://images.example/photo.jpg",
      cover_image_credit: credit,
    });
    expectStatus(created, 201);
    expect(created.body.cover_image_credit).toEqual(credit);
    const path = `/api/workspaces/${p.slug}/projects/${created.body.id}/`;
    expect((await p.owner.get(path)).body.cover_image_credit).toEqual(credit);
    const listed = (await p.owner.get(`/api/workspaces/${p.slug}/projects/`)).body.find((row: { id: string }) => row.id === created.body.id);
    expect(listed.cover_image_credit).toEqual(credit);

    // Another cover without a credit is not that photographer's photo.
    const replaced = await p.owner.patch(path, { cover_image: "/assets/aurora.svg" });
    expectStatus(replaced, 200);
    expect(replaced.body.cover_image_credit).toBeNull();
    const picked = await p.owner.patch(path, { cover_image: "https://images.example/other.jpg", cover_image_credit: credit });
    expect(picked.body.cover_image_credit).toEqual(credit);
    // Other changes leave it alone.
    expect((await p.owner.patch(path, { name: "Renamed" })).body.cover_image_credit).toEqual(credit);

    const script = await p.owner.patch(path, { cover_image: "https://images.example/x.jpg", cover_image_credit: { name: "X", profile_url: "javascript:alert(1)" } });
    expectStatus(script, 400);
    expect(script.body).toEqual({ "cover_image_credit.profile_url": ["Photographer's profile must be an http(s) URL"] });
    expectStatus(await p.owner.patch(path, { cover_image_credit: { name: " ", profile_url: credit.profile_url } }), 400);

    // A credit without a cover is dropped on creation.
    const bare = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Bare", identifier: "BARE", cover_image_credit: credit });
    expectStatus(bare, 201);
    expect(bare.body.cover_image_credit).toBeNull();
  });

  it("comes with a photo picked in the create dialog and on the settings page", async () => {
    const p = await createProjectFixture(undefined, "PGE");
    // The create dialog posts the credit as form fields beside the cover.
    const created = await postPageAction(p.owner, `/${p.slug}.data`, {
      form: {
        intent: "create-project",
        name: "Dune",
        identifier: "DUNE",
        network: "2",
        cover_image: "https://images.example/dune.jpg",
        "cover_image_credit.name": credit.name,
        "cover_image_credit.profile_url": credit.profile_url,
      },
    });
    // Single fetch answers the redirect to the new project as a 202 with the target inside.
    expect(created.status).toBe(202);
    const projects = (await p.owner.get(`/api/workspaces/${p.slug}/projects/`)).body as { name: string; cover_image_credit: unknown }[];
    expect(projects.find((row) => row.name === "Dune")?.cover_image_credit).toEqual(credit);

    // The settings page's set-cover intent carries it for a photo, and none for a built-in cover.
    const settings = `/${p.slug}/projects/${p.projectId}/settings.data?index`;
    const stored = async () => (await p.owner.get(`${p.base}/`)).body.cover_image_credit;
    const picked = await postPageAction(p.owner, settings, { json: { intent: "set-cover", cover_image: "https://images.example/a.jpg", cover_image_credit: credit } });
    expect(picked.status).toBe(200);
    expect(await stored()).toEqual(credit);
    await postPageAction(p.owner, settings, { json: { intent: "set-cover", cover_image: "/assets/aurora.svg", cover_image_credit: null } });
    expect(await stored()).toBeNull();
  });
});
