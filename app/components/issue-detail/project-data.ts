// Project lists the pickers need only once they open (issues, cycles, modules) and that the issue
// modal needs on any project page (states, labels, members, estimates): read from the REST API
// with the session cookie, cached per project for the page's lifetime and refreshed on demand.
// Reads only: every write goes through a Remix action.
import { useCallback, useEffect, useState } from "react";
import { api } from "~/lib/api-routes";
import { memberName } from "../../../workers/domain/schemas/responses";

export { memberName };

export interface StateOption {
  id: string;
  name: string;
  color: string;
  group: string;
  default?: boolean;
}
export interface LabelOption {
  id: string;
  name: string;
  color: string;
  parent: string | null;
}
export interface MemberOption {
  id: string;
  name: string;
  email: string;
  first_name: string;
  avatar: string | null;
}
export interface IssueOption {
  id: string;
  name: string;
  sequence_id: number;
  parent: string | null;
  state_detail: { name: string; color: string; group: string } | null;
}
export interface CycleOption {
  id: string;
  name: string;
  status: string;
  end_date: string | null;
}
export interface ModuleOption {
  id: string;
  name: string;
}
export interface EstimateOption {
  id: string;
  points: { key: number; value: string }[];
}

export interface ProjectResources {
  issues: IssueOption[];
  cycles: CycleOption[];
  modules: ModuleOption[];
  states: StateOption[];
  labels: LabelOption[];
  members: MemberOption[];
  estimates: EstimateOption[];
}
export type ResourceName = keyof ProjectResources;

type Raw = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : "");

const SHAPES: { [K in ResourceName]: (rows: Raw[]) => ProjectResources[K] } = {
  issues: (rows) =>
    rows.map((row) => ({
      id: str(row.id),
      name: str(row.name),
      sequence_id: Number(row.sequence_id),
      parent: (row.parent as string | null) ?? null,
      state_detail: (row.state_detail as IssueOption["state_detail"]) ?? null,
    })),
  cycles: (rows) => rows.map((row) => ({ id: str(row.id), name: str(row.name), status: str(row.status), end_date: (row.end_date as string | null) ?? null })),
  modules: (rows) => rows.map((row) => ({ id: str(row.id), name: str(row.name) })),
  states: (rows) =>
    rows.map((row) => ({ id: str(row.id), name: str(row.name), color: str(row.color), group: str(row.group), default: Boolean(row.default) })),
  labels: (rows) => rows.map((row) => ({ id: str(row.id), name: str(row.name), color: str(row.color), parent: (row.parent as string | null) ?? null })),
  members: (rows) =>
    rows.map((row) => {
      const member = (row.member ?? {}) as Raw;
      return {
        id: str(member.id),
        name: memberName(member as Parameters<typeof memberName>[0]),
        email: str(member.email),
        first_name: str(member.first_name),
        avatar: (member.avatar as string | null) ?? null,
      };
    }),
  estimates: (rows) =>
    rows.map((row) => ({
      id: str(row.id),
      points: ((row.points as Raw[] | undefined) ?? []).map((point) => ({ key: Number(point.key), value: str(point.value) })),
    })),
};

const cache = new Map<string, { data?: unknown; pending?: Promise<unknown> }>();
const listeners = new Map<string, Set<() => void>>();

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

async function fetchResource<K extends ResourceName>(slug: string, projectId: string, name: K): Promise<ProjectResources[K]> {
  const response = await fetch(api.projectList(slug, projectId, name), {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`GET ${name} answered ${response.status}`);
  const body = (await response.json()) as unknown;
  return SHAPES[name](Array.isArray(body) ? (body as Raw[]) : []);
}

/** Loads (or reloads) one list into the cache. */
export function loadResource<K extends ResourceName>(slug: string, projectId: string, name: K): Promise<ProjectResources[K]> {
  const key = `${slug}/${projectId}/${name}`;
  const entry = cache.get(key) ?? {};
  if (entry.pending) return entry.pending as Promise<ProjectResources[K]>;
  const pending = fetchResource(slug, projectId, name)
    .then((data) => {
      // A refresh that brings what is held keeps the held copy: nothing shown re-renders.
      if (entry.data !== undefined && JSON.stringify(entry.data) === JSON.stringify(data)) {
        cache.set(key, { data: entry.data });
        return entry.data as ProjectResources[K];
      }
      cache.set(key, { data });
      notify(key);
      return data;
    })
    .catch((error: unknown) => {
      cache.set(key, { data: entry.data });
      console.error("loading project data failed", error);
      return (entry.data ?? []) as ProjectResources[K];
    });
  cache.set(key, { data: entry.data, pending });
  return pending;
}

/** Seeds the cache with data a loader already sent (the issue page has states, labels, members). */
export function primeResource<K extends ResourceName>(slug: string, projectId: string, name: K, data: ProjectResources[K]) {
  const key = `${slug}/${projectId}/${name}`;
  if (cache.get(key)?.pending) return;
  cache.set(key, { data });
  notify(key);
}

/**
 * One project list; fetched when `active` first becomes true (a picker opens) and refreshed each
 * time it does again, showing the cached copy meanwhile.
 */
export function useProjectResource<K extends ResourceName>(slug: string, projectId: string, name: K, active: boolean) {
  const key = `${slug}/${projectId}/${name}`;
  const read = useCallback(() => cache.get(key)?.data as ProjectResources[K] | undefined, [key]);
  const [data, setData] = useState<ProjectResources[K] | undefined>(read);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const listener = () => setData(read());
    const set = listeners.get(key) ?? new Set();
    set.add(listener);
    listeners.set(key, set);
    setData(read());
    return () => {
      set.delete(listener);
    };
  }, [key, read]);
  useEffect(() => {
    if (!active) return;
    let live = true;
    // Refreshing a list already held shows no loading state, so it re-renders nothing until the
    // fresh copy arrives (a dialog opening with held lists commits once less).
    const held = cache.get(key)?.data !== undefined;
    if (!held) setLoading(true);
    const [slugPart, projectPart] = [slug, projectId];
    void loadResource(slugPart, projectPart, name).finally(() => {
      if (live && !held) setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [active, key, slug, projectId, name]);
  return { data, loading: loading && data === undefined };
}
