// The background work the domain asks for after a write commits, and the queue that carries it.
// The domain builds these messages; the adapter (workers/jobs.ts) runs them and may add kinds of
// its own that only adapters send.
import type { AddressedNotice, Change } from "../../../durable-objects/protocol";
import type { IntegrationEvent } from "../integration-events";

export type DomainJob =
  /** A post-commit publish that failed in the request; retried until the board takes it. */
  | { type: "board.publish"; projectId: string; changes: Change[] }
  | { type: "board.revoke"; projectId: string; userId: string }
  /** Notices for the workspace's live shell (its projects list, a user's favourites). */
  | { type: "hub.publish"; workspaceId: string; notices: AddressedNotice[] }
  /** Has the workspace's hub tell the user's tabs at `at` (a snoozed notification comes back). */
  | { type: "hub.wake"; workspaceId: string; userId: string; at: string }
  /** Closes the workspace live sockets of a person who is no longer a member. */
  | { type: "hub.revoke"; workspaceId: string; userId: string }
  /** Runs an import from its stored cursor for a while, then queues the next run (or finishes). */
  | { type: "import.run"; importerId: string }
  /** Writes a project export to R2. */
  | { type: "export.run"; exportId: string }
  /** Committed changes for the integrations listening to their projects (webhooks, Slack, GitHub). */
  | { type: "events.dispatch"; events: IntegrationEvent[] }
  /** Sends one outgoing webhook delivery (a no-op unless it is pending and due). */
  | { type: "webhook.deliver"; deliveryId: string }
  /** A recorded GitHub webhook delivery to apply to the projects synced to its repository. */
  | { type: "github.event"; deliveryId: string }
  /** Hands one queued mail to the transport (a no-op unless it is queued and due). */
  | { type: "mail.send"; messageId: string };

/** Where committed work goes: the background queue, or (a board publish) straight away. */
export interface JobQueue {
  /** Hands jobs to the background queue, which retries each until it succeeds. */
  send(jobs: DomainJob[]): Promise<void>;
  /** Runs one job now, in this request; rejects when it fails. */
  runNow(job: DomainJob): Promise<void>;
}
