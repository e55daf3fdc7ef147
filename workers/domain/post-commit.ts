// The one post-commit path: domain operations record what they changed, and after the write has
// committed the caller flushes it to each project's ProjectBoard and each workspace's hub.
import type { AddressedNotice, Change } from "../../durable-objects/protocol";
import type { IntegrationEvent } from "./integration-events";
import type { DomainJob, JobQueue } from "./ports/jobs";

export class PostCommit {
  private readonly boardChanges = new Map<string, Change[]>();
  private readonly revokedMembers: { projectId: string; userId: string }[] = [];
  private readonly revokedWorkspaceMembers: { workspaceId: string; userId: string }[] = [];
  /** Per workspace, each notice once, keyed by kind and addressee. */
  private readonly hubNotices = new Map<string, Map<string, AddressedNotice>>();
  private readonly inboxWakes: { workspaceId: string; userId: string; at: string }[] = [];
  private readonly jobs: DomainJob[] = [];
  private readonly events: IntegrationEvent[] = [];

  /** Queue a change for the project's live board; sent only after the write commits. */
  publish(projectId: string, change: Change) {
    const list = this.boardChanges.get(projectId);
    if (list) list.push(change);
    else this.boardChanges.set(projectId, [change]);
  }

  /** Tell the workspace's members that its projects list changed; sent only after the write commits. */
  projectsChanged(workspaceId: string) {
    this.announce(workspaceId, { notice: { kind: "projects", op: "changed" }, userId: null });
  }

  /** Tell the user's open tabs that their favourites in the workspace changed. */
  favoritesChanged(workspaceId: string, userId: string) {
    this.announce(workspaceId, { notice: { kind: "favorites", op: "changed" }, userId });
  }

  /** Tell the user's open tabs that their notifications in the workspace changed (the count, the inbox). */
  inboxChanged(workspaceId: string, userId: string) {
    this.announce(workspaceId, { notice: { kind: "inbox", op: "changed" }, userId });
  }

  /** Have the workspace's hub tell the user's tabs at `at`, when a snoozed notification comes back. */
  wakeInboxAt(workspaceId: string, userId: string, at: string) {
    this.inboxWakes.push({ workspaceId, userId, at });
  }

  private announce(workspaceId: string, addressed: AddressedNotice) {
    const notices = this.hubNotices.get(workspaceId) ?? new Map<string, AddressedNotice>();
    notices.set(`${addressed.notice.kind}:${addressed.userId ?? ""}`, addressed);
    this.hubNotices.set(workspaceId, notices);
  }

  /** Close the user's live sockets on a project they can no longer see. */
  revokeBoardAccess(projectId: string, userId: string) {
    this.revokedMembers.push({ projectId, userId });
  }

  /** Close the user's live workspace sockets: they left the workspace or were removed from it. */
  revokeWorkspaceAccess(workspaceId: string, userId: string) {
    this.revokedWorkspaceMembers.push({ workspaceId, userId });
  }

  /** Queue a background job (an import or export run); sent to the JOBS queue after commit. */
  enqueue(job: DomainJob) {
    this.jobs.push(job);
  }

  /**
   * Tell the project's integrations about a change (an `eventFor` result; null when nobody
   * listens). Sent to the JOBS queue after commit, where each sink picks what it wants.
   */
  emit(event: IntegrationEvent | null) {
    if (event) this.events.push(event);
  }

  get pending(): number {
    return this.boardChanges.size + this.revokedMembers.length + this.revokedWorkspaceMembers.length + this.hubNotices.size + this.inboxWakes.length + this.jobs.length + this.events.length;
  }

  /** Forget everything queued: the write it described did not commit. */
  discard() {
    this.boardChanges.clear();
    this.revokedMembers.length = 0;
    this.revokedWorkspaceMembers.length = 0;
    this.hubNotices.clear();
    this.inboxWakes.length = 0;
    this.jobs.length = 0;
    this.events.length = 0;
  }

  /**
   * Sends everything queued to the boards and hubs. A publish that fails is handed to the JOBS queue,
   * which retries it, so a committed change is never lost to a passing DO error.
   */
  async flush(queue: JobQueue): Promise<void> {
    const queued: DomainJob[] = [...this.jobs];
    // One message for all of a write's events: a bulk edit of 50 issues is one queue send.
    if (this.events.length > 0) queued.push({ type: "events.dispatch", events: [...this.events] });
    const jobs: DomainJob[] = [
      ...[...this.boardChanges].map(([projectId, changes]) => ({ type: "board.publish" as const, projectId, changes })),
      ...this.revokedMembers.map(({ projectId, userId }) => ({ type: "board.revoke" as const, projectId, userId })),
      ...[...this.hubNotices].map(([workspaceId, notices]) => ({ type: "hub.publish" as const, workspaceId, notices: [...notices.values()] })),
      ...this.revokedWorkspaceMembers.map(({ workspaceId, userId }) => ({ type: "hub.revoke" as const, workspaceId, userId })),
      ...this.inboxWakes.map((wake) => ({ type: "hub.wake" as const, ...wake })),
    ];
    this.discard();
    if (queued.length > 0) await queue.send(queued);
    const results = await Promise.allSettled(jobs.map((job) => queue.runNow(job)));
    const failed = jobs.filter((_, index) => results[index].status === "rejected");
    if (failed.length === 0) return;
    console.error("post-commit publish failed; queued for retry", failed.length);
    await queue.send(failed);
  }
}
