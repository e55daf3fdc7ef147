// What every page's JSON intents share (client-safe): the id of the row an intent acts on.
import { z } from "zod";

/** An id named by an intent; the domain checks that it exists and may be touched. */
export const IntentId = z.string().min(1).max(64);
