// A fake Unsplash API, speaking api.unsplash.com's shapes for the calls the tracker makes:
//
//   GET /search/photos?query&page&per_page   {total, total_pages, results: [photo]}, Link header
//   GET /photos?page&per_page                [photo] (the latest), X-Total, X-Per-Page, Link header
//   GET /photos/{id}/download?ixid=...       {url}; counted per photo
// Every API call needs `Authorization: Client-ID {key}` (401 otherwise) and answers X-Ratelimit-*
// headers. Its photos are served as small real PNGs from the fake itself:
//   GET /_fake/images/{id}.png?w=...
// Controls:
//   GET    /_fake/calls        what the API was asked (searches, latest pages, downloads, refusals)
//   POST   /_fake/rate-limit   {exceeded: boolean}: every API call answers 403 "Rate Limit Exceeded"
//   POST   /_fake/faults       {status, body?, times?}: the next API calls fail so
//   DELETE /_fake/faults
// A search matches the photos whose description has the query's words; the catalogue is fixed
// (mountain 45 photos, city 25, ocean 12, forest 8, desert 5).
import { type FetchHandler, json } from "../http";
import { gradientPng } from "../../helpers/png";

export const FAKE_UNSPLASH_TOPICS = [
  { topic: "mountain", count: 45, hue: 210 },
  { topic: "city", count: 25, hue: 265 },
  { topic: "ocean", count: 12, hue: 190 },
  { topic: "forest", count: 8, hue: 130 },
  { topic: "desert", count: 5, hue: 35 },
] as const;

export const FAKE_UNSPLASH_PHOTOGRAPHERS = [
  { username: "maralindqvist", name: "Mara Lindqvist" },
  { username: "tomasortega", name: "Tomás Ortega" },
  { username: "aikotanaka", name: "Aiko Tanaka" },
  { username: "kwamemensah", name: "Kwame Mensah" },
  { username: "priyaraman", name: "Priya Raman" },
];

/** What the fake's API was asked, for tests to assert on. */
export interface FakeUnsplashCalls {
  searches: { query: string; page: number; per_page: number; accept_version: string | null }[];
  latest: { page: number; per_page: number; accept_version: string | null }[];
  /** Download pings per photo id. */
  downloads: Record<string, number>;
  /** Calls refused for a missing or wrong Client-ID. */
  unauthorized: number;
}

interface Fault {
  status: number;
  body?: string;
  left: number;
}

const RATE_LIMIT = 5000;

function hexOfHsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

interface CatalogueEntry {
  id: string;
  topic: string;
  index: number;
  top: string;
  bottom: string;
  photographer: (typeof FAKE_UNSPLASH_PHOTOGRAPHERS)[number];
  created_at: string;
}

function catalogue(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  let n = 0;
  for (const { topic, count, hue } of FAKE_UNSPLASH_TOPICS) {
    for (let index = 1; index <= count; index++) {
      const shift = (index * 23) % 60;
      entries.push({
        id: `${topic}-${String(index).padStart(2, "0")}`,
        topic,
        index,
        top: hexOfHsl((hue + shift) % 360, 65, 62),
        bottom: hexOfHsl((hue + shift + 25) % 360, 55, 28),
        photographer: FAKE_UNSPLASH_PHOTOGRAPHERS[n % FAKE_UNSPLASH_PHOTOGRAPHERS.length],
        created_at: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
      });
      n++;
    }
  }
  return entries;
}

const descriptionOf = (entry: CatalogueEntry) => `A ${entry.topic} view, number ${entry.index}`;

function photoJson(entry: CatalogueEntry, origin: string) {
  const image = `${origin}/_fake/images/${entry.id}.png`;
  const { username, name } = entry.photographer;
  return {
    id: entry.id,
    slug: entry.id,
    created_at: entry.created_at,
    updated_at: entry.created_at,
    width: 6000,
    height: 4000,
    color: entry.top,
    blur_hash: "LKO2?U%2Tw=w]~RBVZRi};RPxuwH",
    likes: entry.index * 3,
    description: descriptionOf(entry),
    alt_description: `${entry.topic} landscape ${entry.index}`,
    urls: {
      raw: `${image}?ixid=raw`,
      full: `${image}?w=full`,
      regular: `${image}?w=1080`,
      small: `${image}?w=400`,
      thumb: `${image}?w=200`,
      small_s3: `${image}?w=s3`,
    },
    links: {
      self: `${origin}/photos/${entry.id}`,
      html: `${origin}/web/photos/${entry.id}`,
      download: `${origin}/web/photos/${entry.id}/download`,
      download_location: `${origin}/photos/${entry.id}/download?ixid=fake-${entry.id}`,
    },
    user: {
      id: `user-${username}`,
      username,
      name,
      links: { self: `${origin}/users/${username}`, html: `${origin}/web/@${username}`, photos: `${origin}/users/${username}/photos` },
      profile_image: { small: `${image}?w=32`, medium: `${image}?w=64`, large: `${image}?w=128` },
    },
  };
}

/** Unsplash's Link header: first, prev, last and next pages of the same request. */
function linkHeader(url: URL, page: number, totalPages: number): string {
  const at = (p: number) => {
    const link = new URL(url);
    link.searchParams.set("page", String(p));
    return link.toString();
  };
  const links: string[] = [];
  if (page > 1) links.push(`<${at(1)}>; rel="first"`, `<${at(page - 1)}>; rel="prev"`);
  if (page < totalPages) links.push(`<${at(totalPages)}>; rel="last"`, `<${at(page + 1)}>; rel="next"`);
  return links.join(", ");
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** A fake Unsplash that accepts one access key; its state lives as long as the server. */
export function createFakeUnsplash(accessKey: string): FetchHandler {
  const photos = catalogue();
  const latestFirst = [...photos].reverse();
  const images = new Map<string, Buffer>();
  let calls: FakeUnsplashCalls = { searches: [], latest: [], downloads: {}, unauthorized: 0 };
  let rateLimited = false;
  let faults: Fault[] = [];
  let used = 0;

  const limitHeaders = () => ({
    "x-ratelimit-limit": String(RATE_LIMIT),
    "x-ratelimit-remaining": String(rateLimited ? 0 : Math.max(0, RATE_LIMIT - used)),
  });

  function page(list: CatalogueEntry[], url: URL) {
    const pageNo = positive(url.searchParams.get("page"), 1);
    const perPage = Math.min(positive(url.searchParams.get("per_page"), 10), 30);
    const totalPages = Math.ceil(list.length / perPage);
    const slice = list.slice((pageNo - 1) * perPage, pageNo * perPage).map((entry) => photoJson(entry, url.origin));
    return { pageNo, perPage, totalPages, slice };
  }

  function api(request: Request, url: URL): Response {
    const acceptVersion = request.headers.get("accept-version");
    if (url.pathname === "/search/photos") {
      const query = (url.searchParams.get("query") ?? "").trim().toLowerCase();
      if (!query) return json({ errors: ["query is missing"] }, { status: 400, headers: limitHeaders() });
      const words = query.split(/\s+/);
      const found = photos.filter((entry) => words.every((word) => descriptionOf(entry).toLowerCase().includes(word)));
      const { pageNo, perPage, totalPages, slice } = page(found, url);
      calls.searches.push({ query: url.searchParams.get("query") ?? "", page: pageNo, per_page: perPage, accept_version: acceptVersion });
      const link = linkHeader(url, pageNo, totalPages);
      return json({ total: found.length, total_pages: totalPages, results: slice }, { headers: { ...limitHeaders(), ...(link ? { link } : {}) } });
    }
    if (url.pathname === "/photos") {
      const { pageNo, perPage, totalPages, slice } = page(latestFirst, url);
      calls.latest.push({ page: pageNo, per_page: perPage, accept_version: acceptVersion });
      const link = linkHeader(url, pageNo, totalPages);
      return json(slice, {
        headers: { ...limitHeaders(), "x-total": String(latestFirst.length), "x-per-page": String(perPage), ...(link ? { link } : {}) },
      });
    }
    const download = url.pathname.match(/^\/photos\/([^/]+)\/download$/);
    if (download) {
      const entry = photos.find((p) => p.id === download[1]);
      if (!entry) return json({ errors: ["Couldn't find Photo"] }, { status: 404, headers: limitHeaders() });
      calls.downloads[entry.id] = (calls.downloads[entry.id] ?? 0) + 1;
      return json({ url: photoJson(entry, url.origin).urls.full }, { headers: limitHeaders() });
    }
    return json({ errors: ["Not found"] }, { status: 404 });
  }

  async function control(request: Request, url: URL): Promise<Response> {
    if (url.pathname === "/_fake/calls" && request.method === "GET") return json(calls);
    if (url.pathname === "/_fake/calls" && request.method === "DELETE") {
      calls = { searches: [], latest: [], downloads: {}, unauthorized: 0 };
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/_fake/rate-limit" && request.method === "POST") {
      rateLimited = Boolean(((await request.json()) as { exceeded?: boolean }).exceeded);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/_fake/faults" && request.method === "POST") {
      const fault = (await request.json()) as { status: number; body?: string; times?: number };
      faults.push({ status: fault.status, body: fault.body, left: fault.times ?? 1 });
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/_fake/faults" && request.method === "DELETE") {
      faults = [];
      return new Response(null, { status: 204 });
    }
    const image = url.pathname.match(/^\/_fake\/images\/([^/]+)\.png$/);
    if (image && request.method === "GET") {
      const entry = photos.find((p) => p.id === image[1]);
      if (!entry) return new Response("Not found", { status: 404 });
      let bytes = images.get(entry.id);
      if (!bytes) {
        bytes = gradientPng(entry.top, entry.bottom);
        images.set(entry.id, bytes);
      }
      return new Response(new Uint8Array(bytes), { headers: { "content-type": "image/png", "cache-control": "public, max-age=86400" } });
    }
    return json({ errors: ["Not found"] }, { status: 404 });
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/_fake/")) return control(request, url);
    if (request.headers.get("authorization") !== `Client-ID ${accessKey}`) {
      calls.unauthorized++;
      return json({ errors: ["OAuth error: The access token is invalid"] }, { status: 401 });
    }
    used++;
    if (rateLimited) return new Response("Rate Limit Exceeded", { status: 403, headers: { "content-type": "text/plain", ...limitHeaders() } });
    const fault = faults.find((f) => f.left > 0);
    if (fault) {
      fault.left--;
      return json({ errors: [fault.body ?? "Something went wrong"] }, { status: fault.status, headers: limitHeaders() });
    }
    return api(request, url);
  };
}
