// What the issue page and its action exchange with the browser: the loader's data, the intents its
// controls post as JSON and what the action answers. Client-safe: components import the types,
// the server parses intents with the schema and checks its answers against the types.
import { z } from "zod";
import { IntentId } from "./intents";
export type { IssuePageData } from "../../workers/domain/schemas/responses";

const patch = z.record(z.string(), z.unknown());
const commentBody = { comment_json: z.record(z.string(), z.unknown()), comment_html: z.string() };

/** What the page's JSON-posting controls send. The domain functions validate the payloads themselves. */
export const IssuePageIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), patch }),
  z.object({ intent: z.literal("update-related"), issue_id: IntentId, patch }),
  z.object({ intent: z.literal("add-sub-issues"), sub_issue_ids: z.array(IntentId) }),
  z.object({ intent: z.literal("delete-issue") }),
  z.object({ intent: z.literal("delete-link"), link_id: IntentId }),
  z.object({ intent: z.literal("delete-attachment"), attachment_id: IntentId }),
  z.object({ intent: z.literal("add-comment"), ...commentBody }),
  z.object({ intent: z.literal("update-comment"), comment_id: IntentId, ...commentBody }),
  z.object({ intent: z.literal("delete-comment"), comment_id: IntentId }),
]);
export type IssuePageIntent = z.input<typeof IssuePageIntentSchema>;

export type IssuePageActionData = { ok: true; intent?: string } | { ok: false; error: string; status: number; intent?: string };
