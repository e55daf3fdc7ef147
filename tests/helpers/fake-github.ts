// Sets up the fake GitHub (tests/fakes/github/server.ts) from inside workerd, over HTTP: a
// repository generated from a spec, faults for its next calls, and its request counts.
import { env } from "cloudflare:workers";
import type { FaultSpec, RepoExpectation, RepoSpec } from "../fakes/github/server";

export type { FaultSpec, RepoExpectation, RepoSpec };

export interface FakeRepo {
  repository: { id: number; name: string; full_name: string; owner: { login: string }; html_url: string };
  expected: RepoExpectation;
}

let counter = 0;
/** A repository name no other test uses. */
export const uniqueRepoName = (name = "repo") => `${name}-${Date.now().toString(36)}-${++counter}`;

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${env.GITHUB_API_URL}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake GitHub ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

export const createFakeRepo = (spec: RepoSpec) => control("POST", "/_fake/repos", spec) as Promise<FakeRepo>;
export const addFault = (fault: FaultSpec) => control("POST", "/_fake/faults", fault);
export const clearFaults = (repo: string) => control("DELETE", `/_fake/faults?repo=${encodeURIComponent(repo)}`);
export const fakeStats = (repo: string) => control("GET", `/_fake/stats?repo=${encodeURIComponent(repo)}`) as Promise<Record<string, number>>;

export interface FakeInstallation {
  id: number;
  account: { login: string; id: number };
}

/**
 * Installs the test GitHub App on `account` (it then reads every repository the account owns);
 * `admins` are the GitHub logins who may administer it (by default the account's own). Installing
 * on an account again adds to its admins.
 */
export const installFakeApp = (account: string, admins?: string[]) => control("POST", "/_fake/installations", { account, admins }) as Promise<FakeInstallation>;
/**
 * The next exchange of a code GitHub gave `login` fails: `unavailable` answers 503, `drop` cuts
 * the connection (the Worker's fetch then throws the runtime's own error text).
 */
export const failNextCodeExchange = (login: string, kind: "unavailable" | "drop") => control("POST", "/_fake/oauth/faults", { login, kind });
/** Uninstalls it: the installation's tokens stop working and GitHub no longer knows it. */
export const uninstallFakeApp = (id: number) => control("DELETE", `/_fake/installations/${id}`);
