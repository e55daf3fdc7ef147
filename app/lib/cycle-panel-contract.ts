// What a cycle's side panel exchanges with its resource route: the panel's data (or, asked with
// ?targets, the cycles to transfer to), the JSON intents its controls post, and the answers.
// Client-safe.
import { z } from "zod";
import type { CyclePanelData, TransferTarget } from "../../workers/domain/schemas/issue-group-responses";
import { IntentId, type IntentRefusal } from "./intents";

export type { Burndown, CyclePanelData, CycleResponse, TransferTarget } from "../../workers/domain/schemas/issue-group-responses";

export type CyclePanelLoaderData = { panel: CyclePanelData } | { targets: TransferTarget[] };

const day = z.string().max(10).nullable();

export const CyclePanelIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update-dates"), start_date: day, end_date: day }),
  z.object({ intent: z.literal("delete-cycle") }),
  z.object({ intent: z.literal("transfer-issues"), new_cycle_id: IntentId }),
]);
export type CyclePanelIntent = z.input<typeof CyclePanelIntentSchema>;

export type CyclePanelAnswer =
  | { ok: true; intent: CyclePanelIntent["intent"] }
  | IntentRefusal;
