// What the States settings page's buttons post (JSON); client-safe.
import { z } from "zod";
import { STATE_MOVE_DIRECTIONS } from "../../workers/domain/schemas/states";
import { IntentId } from "./intents";

export const StateIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-default"), state_id: IntentId }),
  z.object({ intent: z.literal("move-state"), state_id: IntentId, direction: z.enum(STATE_MOVE_DIRECTIONS) }),
  z.object({ intent: z.literal("delete-state"), state_id: IntentId }),
]);

export type StateIntent = z.input<typeof StateIntentSchema>;
