// Drives the fake Unsplash (tests/fakes/unsplash/server.ts) from inside workerd, over HTTP: what
// it was asked, a spent rate limit and one-off failures.
import { env } from "cloudflare:workers";
import type { FakeUnsplashCalls } from "../fakes/unsplash/server";

export type { FakeUnsplashCalls };

/** Where the fake Unsplash listens (the Worker's UNSPLASH_API_URL). */
export const fakeUnsplashUrl = () => env.UNSPLASH_API_URL;

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${fakeUnsplashUrl()}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Unsplash ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export const unsplashCalls = () => control("GET", "/_fake/calls") as Promise<FakeUnsplashCalls>;
export const setUnsplashRateLimited = (exceeded: boolean) => control("POST", "/_fake/rate-limit", { exceeded });
export const addUnsplashFault = (fault: { status: number; body?: string; times?: number }) => control("POST", "/_fake/faults", fault);
export const clearUnsplashFaults = () => control("DELETE", "/_fake/faults");
