// What the inbox page's loader gives the browser and the intents its controls post. Client-safe.
import { z } from "zod";
import { type InboxFilter, type InboxNotification, UpdateNotificationInput } from "../../workers/domain/schemas/inbox";
import { entityId } from "../../workers/domain/schemas/common";

export type { InboxNotification };

export interface InboxPageData {
  notifications: InboxNotification[];
  next_cursor: string | null;
  filter: InboxFilter;
}

export const InboxIntentSchema = z.discriminatedUnion("intent", [
  UpdateNotificationInput.extend({ intent: z.literal("update"), id: entityId }),
  z.object({ intent: z.literal("mark-all-read") }),
  /** Stop following the notification's issue: nothing more about it reaches the inbox. */
  z.object({ intent: z.literal("unsubscribe"), project: entityId, issue: entityId }),
]);
export type InboxIntent = z.input<typeof InboxIntentSchema>;
