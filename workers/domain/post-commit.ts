// The one post-commit path: domain operations record what they changed,
// and after the write has committed the caller flushes it to each project's ProjectBoard.
import type { Change } from "../../durable-objects/protocol";
import type { AppEnv } from "../env";
import type { IntegrationEvent } from "../integrations/events";
import { type JobMessage, runJob } from "../jobs";
import { sendJobs } from "../lib/job-queue";

export class PostCommit {
  private readonly boardChanges = new Map<string, Change[]>();
  private readonly revokedMembers: { projectId: string; userId: string }[] = [];
  private readonly jobs: JobMessage[] = [];
  private readonly events: IntegrationEvent[] = [];

  /** Queue a change for the project's live board; sent only after the write commits. */
  publish(projectId: string, change: Change) {
    const list = this.boardChanges.get(projectId);
    if (list) list.push(change);
    else this.boardChanges.set(projectId, [change]);
  }

  /** Close the user's live sockets on a project they can no longer see. */
  revokeBoardAccess(projectId: string, userId: string) {
    this.revokedMembers.push({ projectId, userId });
  }

  /** Queue a background job (an import or export run); sent to the JOBS queue after commit. */
  enqueue(job: JobMessage) {
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
    return this.boardChanges.size + this.revokedMembers.length + this.jobs.length + this.events.length;
  }

  /** Forget everything queued: the write it described did not commit. */
  discard() {
    this.boardChanges.clear();
    this.revokedMembers.length = 0;
    this.jobs.length = 0;
    this.events.length = 0;
  }

  /**
   * Sends everything queued to the boards. A publish that fails is handed to the JOBS queue,
   * which retries it, so a committed change is never lost to a passing DO error.
   */
  async flush(env: AppEnv): Promise<void> {
    const queued: JobMessage[] = [...this.jobs];
    // One message for all of a write's events: a bulk edit of 50 issues is one queue send.
    if (this.events.length > 0) queued.push({ type: "events.dispatch", events: [...this.events] });
    const jobs: JobMessage[] = [
      ...[...this.boardChanges].map(([projectId, changes]) => ({ type: "board.publish" as const, projectId, changes })),
      ...this.revokedMembers.map(({ projectId, userId }) => ({ type: "board.revoke" as const, projectId, userId })),
    ];
    this.discard();
    // A job too large for a queue message (an event carrying a long description) travels as a
    // reference to a stored copy, so it is never refused after its write committed.
    if (queued.length > 0) await sendJobs(env, queued);
    const results = await Promise.allSettled(jobs.map((job) => runJob(env, job)));
    const failed = jobs.filter((_, index) => results[index].status === "rejected");
    if (failed.length === 0) return;
    console.error("post-commit publish failed; queued for retry", failed.length);
    await sendJobs(env, failed);
  }
}
