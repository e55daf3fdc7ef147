// What the Estimates settings page's buttons post (JSON); client-safe.
import { z } from "zod";
import { IntentId } from "./intents";

export const EstimateIntentSchema = z.discriminatedUnion("intent", [
  /** The project's estimate: an estimate's id, or null for none (estimates off). */
  z.object({ intent: z.literal("use-estimate"), estimate_id: IntentId.nullable() }),
  z.object({ intent: z.literal("delete-estimate"), estimate_id: IntentId }),
]);

export type EstimateIntent = z.input<typeof EstimateIntentSchema>;
