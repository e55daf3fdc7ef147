// What the workspace Mail page's loader gives the browser and the intents its controls post.
// Client-safe.
import { z } from "zod";
import type { WorkspaceMailView } from "../../workers/domain/schemas/workspace-mail";

export interface WorkspaceMailPageData extends WorkspaceMailView {
  /** The owner's own address: where a test mail goes. */
  email: string;
  /** The cursor this page was read after (null on the newest page). */
  cursor: string | null;
}

export const WorkspaceMailIntentSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("send-test-mail") })]);
export type WorkspaceMailIntent = z.input<typeof WorkspaceMailIntentSchema>;
