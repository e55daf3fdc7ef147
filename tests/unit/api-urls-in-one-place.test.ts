// Every REST address the browser calls is built in app/lib/api-routes.ts: a route that moves
// changes there only. No other file under app/ may write an `/api/...` address by hand. Likewise
// an error toast is shown in one place: the failure policy for refusals, the check toast for what
// the browser itself refuses, so every screen words and titles its errors the same way.
import { describe, expect, it } from "vitest";

/** Every file under app/, read as text when the test is built (the tests run inside workerd). */
const SOURCES = import.meta.glob<string>("../../app/**/*", { query: "?raw", import: "default", eager: true });

const ROUTE_TABLE = "../../app/lib/api-routes.ts";

/** An address written by hand: a string, quoted either way or a template, that starts with /api/. */
const HAND_WRITTEN_API = /["'`]\/api\//;

describe("REST addresses in the browser", () => {
  it("reads the app's files", () => {
    expect(Object.keys(SOURCES)).toContain(ROUTE_TABLE);
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
  });

  it("are written only in the route table", () => {
    const offenders = Object.entries(SOURCES)
      .filter(([file, text]) => file !== ROUTE_TABLE && HAND_WRITTEN_API.test(text))
      .map(([file]) => file.replace("../../", ""));
    expect(offenders).toEqual([]);
  });
});

/** The files that may show an error toast: the failure policy and the browser-check toast. */
const ERROR_TOASTS = ["../../app/hooks/use-action.tsx", "../../app/hooks/use-check-toast.ts"];

describe("Error toasts in the browser", () => {
  it("are shown only by the failure policy and the check toast", () => {
    const offenders = Object.entries(SOURCES)
      .filter(([file, text]) => !ERROR_TOASTS.includes(file) && text.includes('type: "error"'))
      .map(([file]) => file.replace("../../", ""));
    expect(offenders).toEqual([]);
  });
});
