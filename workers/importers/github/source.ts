// Reads a GitHub repository for the import job, in phases that resume from a JSON cursor:
// labels, then every issue (open and closed; pull requests, which GitHub lists among the issues,
// are skipped), then the repository's comments, then parents (sub-issues, and issues that list
// others in a task list). What the later phases need from the issues (which numbers are real
// issues, which have sub-issues, which list others) travels in the cursor, so a restarted job
// continues exactly where it stopped.
import type { StateGroup } from "../../../drizzle/schema";
import type { ImporterRow } from "../../domain/importer-row";
import type { ImportCursor, ImportSource, SourceComment, SourceContext, SourceIssue, SourceLabel, SourcePage } from "../source";
import { SourceRefused } from "../source";
import { installationTokenSource } from "../../integrations/github/installations";
import { GithubClient } from "./client";
import { markdownToHtml } from "../../lib/markdown";

/** GitHub's largest page. */
const PER_PAGE = 100;
/** GitHub pages of issues or comments one import page holds (read at the same time). */
const PAGES_PER_READ = 3;
/** Parents whose sub-issues one page reads (each is one request). */
const PARENTS_PER_PAGE = 10;

interface GithubUser {
  login: string;
}

interface GithubLabel {
  id: number;
  name: string;
  color?: string | null;
  description?: string | null;
}

export interface GithubIssue {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  state: "open" | "closed";
  state_reason?: string | null;
  html_url: string;
  repository_url?: string;
  user?: GithubUser | null;
  labels?: (GithubLabel | string)[];
  assignees?: GithubUser[] | null;
  created_at?: string;
  closed_at?: string | null;
  pull_request?: unknown;
  sub_issues_summary?: { total: number } | null;
}

interface GithubComment {
  id: number;
  issue_url: string;
  body?: string | null;
  user?: GithubUser | null;
  created_at?: string;
}

/** What the phases after the issues need to know about them. */
type Known = {
  /** Issue numbers imported as issues (not pull requests), as a base64 bitset. */
  issues: string;
  /** Numbers of issues that have sub-issues. */
  with_sub_issues: number[];
  /** [parent, child] numbers from task lists. */
  tracks: [number, number][];
  /** Children that got their parent from sub-issues (those win over task lists), a base64 bitset. */
  sub_children: string;
};

export type GithubCursor =
  | { phase: "labels"; page: number }
  | ({ phase: "issues"; page: number } & Known)
  | ({ phase: "comments"; page: number } & Known)
  | ({ phase: "parents"; index: number } & Known)
  | ({ phase: "tracks" } & Known);

const EMPTY_KNOWN: Known = { issues: "", with_sub_issues: [], tracks: [], sub_children: "" };

/** A growable set of small non-negative integers, stored as base64 so the cursor stays small. */
class NumberSet {
  private bytes: Uint8Array;
  constructor(encoded: string) {
    this.bytes = encoded ? Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)) : new Uint8Array(0);
  }
  has(n: number): boolean {
    const byte = n >> 3;
    return byte < this.bytes.length && (this.bytes[byte] & (1 << (n & 7))) !== 0;
  }
  add(n: number) {
    const byte = n >> 3;
    if (byte >= this.bytes.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bytes.length * 2));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[byte] |= 1 << (n & 7);
  }
  encode(): string {
    let end = this.bytes.length;
    while (end > 0 && this.bytes[end - 1] === 0) end--;
    let binary = "";
    for (let i = 0; i < end; i++) binary += String.fromCharCode(this.bytes[i]);
    return btoa(binary);
  }
}

/** Where a closed issue goes: closed as not planned (or as a duplicate) is cancelled, else completed. */
function sourceLabelOf(label: Pick<GithubLabel, "id" | "name" | "color">): SourceLabel {
  return { key: String(label.id), name: label.name, color: label.color ? `#${label.color}` : undefined };
}

export function stateGroupOf(issue: Pick<GithubIssue, "state" | "state_reason">): StateGroup {
  if (issue.state !== "closed") return "backlog";
  return issue.state_reason === "not_planned" || issue.state_reason === "duplicate" ? "cancelled" : "completed";
}

/**
 * Task-list items naming another issue of the same repository ("- [ ] #12", "- [x] owner/repo#12"
 * or the issue's URL): the issue with the list tracks them, which makes it their parent.
 */
export function trackedNumbers(body: string | null | undefined, owner: string, name: string): number[] {
  if (!body) return [];
  const repo = `${owner}/${name}`.toLowerCase();
  const found = new Set<number>();
  const item = /^[ \t]*[-*+][ \t]+\[[ xX]\][ \t]+(?:([\w.-]+\/[\w.-]+)?#(\d+)|https?:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/issues\/(\d+))\b/gm;
  for (const match of body.matchAll(item)) {
    const target = (match[1] ?? match[3] ?? repo).toLowerCase();
    const number = Number(match[2] ?? match[4]);
    if (target === repo && Number.isSafeInteger(number) && number > 0) found.add(number);
  }
  return [...found];
}

/** The issue number a comment's `issue_url` (".../issues/123") points at. */
const numberOfIssueUrl = (url: string): number | null => {
  const match = url.match(/\/issues\/(\d+)$/);
  return match ? Number(match[1]) : null;
};

interface RepoRef {
  owner: string;
  name: string;
  /** A personal access token, or the GitHub App installation whose tokens are minted as needed. */
  token: string;
  installationId: number | null;
}

/**
 * What an import's keys are scoped by: the repository's id, which survives renames, so a rerun of
 * the same repository into the same project finds the records of the last one.
 */
export function githubScopeOf(importer: Pick<ImporterRow, "metadata">): string {
  const meta = (importer.metadata ?? {}) as Record<string, unknown>;
  if (typeof meta.repository_id === "number") return `github:${meta.repository_id}`;
  return `github:${String(meta.owner ?? "")}/${String(meta.name ?? "")}`.toLowerCase();
}

function repoOf(ctx: SourceContext): RepoRef {
  const meta = (ctx.importer.metadata ?? {}) as Record<string, unknown>;
  const owner = typeof meta.owner === "string" ? meta.owner : "";
  const name = typeof meta.name === "string" ? meta.name : "";
  const token = typeof meta.access_token === "string" ? meta.access_token : "";
  const installationId = typeof meta.installation_id === "number" ? meta.installation_id : null;
  if (!owner || !name) throw new SourceRefused("The import does not say which GitHub repository to read.");
  if (!token && installationId === null) throw new SourceRefused("GitHub is not connected: save a personal access token and start the import again.");
  return { owner, name, token, installationId };
}

/** Reads one GitHub repository page by page (see the phases above). */
export class GithubSource implements ImportSource {
  private readonly client: GithubClient;
  private readonly repoPath: string;
  private readonly repo: RepoRef;

  constructor(ctx: SourceContext) {
    this.repo = repoOf(ctx);
    const { installationId } = this.repo;
    const config = ctx.config;
    this.client = new GithubClient(config.GITHUB_API_URL, installationId !== null ? installationTokenSource(config, installationId) : this.repo.token, ctx.fetch);
    this.repoPath = `/repos/${encodeURIComponent(this.repo.owner)}/${encodeURIComponent(this.repo.name)}`;
  }

  private get notFound() {
    return { notFound: `GitHub could not find the repository ${this.repo.owner}/${this.repo.name}, or the token may not read it.` };
  }

  /** An issue's number: stable within the repository (the import's scope names the repository). */
  issueKey(number: number): string {
    return String(number);
  }

  async readPage(raw: ImportCursor | null): Promise<SourcePage> {
    const cursor = (raw ?? { phase: "labels", page: 1 }) as GithubCursor;
    switch (cursor.phase) {
      case "labels":
        return this.readLabels(cursor.page);
      case "issues":
        return this.readIssues(cursor);
      case "comments":
        return this.readComments(cursor);
      case "parents":
        return this.readSubIssues(cursor);
      case "tracks":
        return this.readTracks(cursor);
      default:
        throw new SourceRefused("The import's saved position could not be read; start the import again.");
    }
  }

  /** How many issues (open and closed, no pull requests) the repository holds. */
  async issueCount(): Promise<number> {
    const { body } = await this.client.get<{ total_count: number }>(
      "/search/issues",
      { q: `repo:${this.repo.owner}/${this.repo.name} is:issue`, per_page: 1 },
      this.notFound,
    );
    return body.total_count;
  }

  private async readLabels(page: number): Promise<SourcePage> {
    // The labels first: a repository that is gone then fails with that clear reason.
    const answer = await this.client.get<GithubLabel[]>(`${this.repoPath}/labels`, { per_page: PER_PAGE, page }, this.notFound);
    const total = page === 1 ? await this.issueCount() : undefined;
    const labels = answer.body.map(sourceLabelOf);
    const next: GithubCursor = answer.links.next ? { phase: "labels", page: page + 1 } : { phase: "issues", page: 1, ...EMPTY_KNOWN };
    return { page: { labels }, next, ...(total === undefined ? {} : { total_issues: total }) };
  }

  /**
   * PAGES_PER_READ pages of a listing from `first` on, asked for at once: the import writes one
   * page for every three of GitHub's, a third of the round trips. Pages past the end come back empty.
   */
  private async listing<T>(path: string, query: Record<string, string>, first: number): Promise<{ body: T[]; more: boolean }> {
    const pages = await Promise.all(
      Array.from({ length: PAGES_PER_READ }, (_, i) => this.client.get<T[]>(path, { ...query, per_page: PER_PAGE, page: first + i }, this.notFound)),
    );
    const last = pages[pages.length - 1];
    return { body: pages.flatMap((page) => page.body), more: last.links.next !== null && last.body.length > 0 };
  }

  private async readIssues(cursor: Extract<GithubCursor, { phase: "issues" }>): Promise<SourcePage> {
    const answer = await this.listing<GithubIssue>(
      `${this.repoPath}/issues`,
      // Oldest first, so issues opened during the import land on later pages instead of shifting earlier ones.
      { state: "all", sort: "created", direction: "asc" },
      cursor.page,
    );
    const known = new NumberSet(cursor.issues);
    const withSubIssues = [...cursor.with_sub_issues];
    const tracks = [...cursor.tracks];
    const issues: SourceIssue[] = [];
    // The labels the issues carry, declared again: a label made after the labels were read still
    // comes in under its own name.
    const labels = new Map<string, SourceLabel>();
    for (const item of answer.body) {
      if (item.pull_request) continue;
      for (const label of item.labels ?? []) if (typeof label !== "string") labels.set(String(label.id), sourceLabelOf(label));
      known.add(item.number);
      if ((item.sub_issues_summary?.total ?? 0) > 0) withSubIssues.push(item.number);
      for (const child of trackedNumbers(item.body, this.repo.owner, this.repo.name)) {
        if (child !== item.number) tracks.push([item.number, child]);
      }
      issues.push(await this.issueOf(item));
    }
    const carried: Known = { issues: known.encode(), with_sub_issues: withSubIssues, tracks, sub_children: cursor.sub_children };
    const next: GithubCursor = answer.more
      ? { phase: "issues", page: cursor.page + PAGES_PER_READ, ...carried }
      : { phase: "comments", page: 1, ...carried };
    return { page: { labels: [...labels.values()], issues }, next };
  }

  private async issueOf(item: GithubIssue): Promise<SourceIssue> {
    const group = stateGroupOf(item);
    return {
      key: this.issueKey(item.number),
      title: item.title,
      description_html: await markdownToHtml(item.body),
      state: { group },
      priority: "none",
      labels: (item.labels ?? []).map((label) => (typeof label === "string" ? label : String(label.id))),
      assignees: (item.assignees ?? []).map((user) => user.login),
      author: item.user?.login ?? null,
      created_at: item.created_at ?? null,
      completed_at: group === "completed" ? (item.closed_at ?? null) : null,
      url: item.html_url,
      link_title: `GitHub ${this.repo.owner}/${this.repo.name}#${item.number}`,
    };
  }

  private async readComments(cursor: Extract<GithubCursor, { phase: "comments" }>): Promise<SourcePage> {
    const answer = await this.listing<GithubComment>(`${this.repoPath}/issues/comments`, { sort: "created", direction: "asc" }, cursor.page);
    const known = new NumberSet(cursor.issues);
    const comments: SourceComment[] = [];
    for (const comment of answer.body) {
      const number = numberOfIssueUrl(comment.issue_url);
      // Comments on pull requests come in the same listing; their issues were not imported.
      if (number === null || !known.has(number)) continue;
      comments.push({
        key: String(comment.id),
        issue_key: this.issueKey(number),
        html: await markdownToHtml(comment.body),
        author: comment.user?.login ?? null,
        created_at: comment.created_at ?? null,
      });
    }
    const { phase: _phase, page: _page, ...carried } = cursor;
    const next: GithubCursor = answer.more
      ? { ...cursor, page: cursor.page + PAGES_PER_READ }
      : carried.with_sub_issues.length > 0
        ? { phase: "parents", index: 0, ...carried }
        : { phase: "tracks", ...carried };
    return { page: { comments }, next };
  }

  private async readSubIssues(cursor: Extract<GithubCursor, { phase: "parents" }>): Promise<SourcePage> {
    const known = new NumberSet(cursor.issues);
    const subChildren = new NumberSet(cursor.sub_children);
    const batch = cursor.with_sub_issues.slice(cursor.index, cursor.index + PARENTS_PER_PAGE);
    const lists = await Promise.all(batch.map((parent) => this.subIssuesOf(parent)));
    const parents: { child_key: string; parent_key: string }[] = [];
    batch.forEach((parent, i) => {
      for (const child of lists[i]) {
        // Sub-issues may live in other repositories; only this one's were imported.
        if (!this.isThisRepository(child) || !known.has(child.number) || child.number === parent) continue;
        subChildren.add(child.number);
        parents.push({ child_key: this.issueKey(child.number), parent_key: this.issueKey(parent) });
      }
    });
    const { phase: _phase, index, ...carried } = cursor;
    const updated: Known = { ...carried, sub_children: subChildren.encode() };
    const nextIndex = index + PARENTS_PER_PAGE;
    const next: GithubCursor =
      nextIndex < cursor.with_sub_issues.length ? { phase: "parents", index: nextIndex, ...updated } : { phase: "tracks", ...updated };
    return { page: { parents }, next };
  }

  private async subIssuesOf(parent: number): Promise<GithubIssue[]> {
    const all: GithubIssue[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.client.get<GithubIssue[]>(`${this.repoPath}/issues/${parent}/sub_issues`, { per_page: PER_PAGE, page }, this.notFound);
      all.push(...answer.body);
      if (!answer.links.next) return all;
    }
  }

  private isThisRepository(issue: GithubIssue): boolean {
    if (!issue.repository_url) return true;
    return issue.repository_url.toLowerCase().endsWith(`/repos/${this.repo.owner}/${this.repo.name}`.toLowerCase());
  }

  /** Task-list parents, for children that got no parent from sub-issues: the first list naming a child wins. */
  private async readTracks(cursor: Extract<GithubCursor, { phase: "tracks" }>): Promise<SourcePage> {
    const known = new NumberSet(cursor.issues);
    const subChildren = new NumberSet(cursor.sub_children);
    const parentOf = new Map<number, number>();
    for (const [parent, child] of cursor.tracks) {
      if (!known.has(child) || !known.has(parent) || subChildren.has(child) || parentOf.has(child)) continue;
      // Two issues listing each other would make a loop: the first link stands.
      if (parentOf.get(parent) === child) continue;
      parentOf.set(child, parent);
    }
    const parents = [...parentOf].map(([child, parent]) => ({ child_key: this.issueKey(child), parent_key: this.issueKey(parent) }));
    return { page: { parents }, next: null };
  }
}

/** The import job's source for a GitHub import. */
export function createGithubSource(ctx: SourceContext): ImportSource {
  return new GithubSource(ctx);
}
