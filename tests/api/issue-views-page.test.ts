// The issue views page as the Worker serves it: the frame is streamed first and the issues follow
// in the same response, and every kind of caller gets the issues (a browser in the stream, a
// crawler in one piece, a client-side navigation in the data response). That the issues are read
// only after the frame has gone out is a matter of time, not content: `npm run bench` measures it
// (the kanban page's first byte).
import { fetchWorker } from "../helpers/worker";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
const names = ["Streamed card alpha", "Streamed card beta"];

beforeAll(async () => {
  p = await createProjectFixture(undefined, "STR");
  for (const name of names) expect((await p.owner.post(`${p.base}/issues/`, { name })).status).toBe(201);
});

const pagePath = () => `/${p.slug}/projects/${p.projectId}/issues`;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function openPage(userAgent: string, path = pagePath()) {
  return fetchWorker(`${ORIGIN}${path}`, { headers: { cookie: p.owner.cookie, "user-agent": userAgent, accept: "text/html" } });
}

describe("the issue views page", () => {
  it("streams the frame to a browser first and the issues after it, in the same response", async () => {
    const response = await openPage(BROWSER);
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toMatch(/^worker;dur=\d/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    // The first chunk is the page's frame; the issues come later in the same stream.
    expect(first).toContain("<html");
    for (const name of names) expect(first).not.toContain(name);
    let rest = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value, { stream: true });
    }
    for (const name of names) expect(rest).toContain(name);
  });

  it("gives a crawler the whole document with the issues in it", async () => {
    const response = await openPage(CRAWLER);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of names) expect(html).toContain(name);
  });

  it("answers a client-side navigation's data request with the issues", async () => {
    const response = await openPage(BROWSER, `${pagePath()}.data`);
    expect(response.status).toBe(200);
    const body = await response.text();
    for (const name of names) expect(body).toContain(name);
  });
});
