// What every page's JSON intents share (client-safe): the id of the row an intent acts on.
import { z } from "zod";

/** An id named by an intent; the domain checks that it exists and may be touched. */
export const IntentId = z.string().min(1).max(64);

/** A row's fields as an intent carries them; the domain checks each one and answers per field. */
export const IntentBody = z.record(z.string(), z.unknown());

/** An action's answer when it refuses an intent: the message, the status and any field messages. */
export type IntentRefusal = { ok: false; error: string; status: number; intent?: string; fields?: Record<string, string[]> };

/** An action's answer to a page's intents: which one ran (with the new row's id), or the refusal. */
export type IntentAnswer<Intent extends { intent: string }> = { ok: true; intent: Intent["intent"]; id?: string } | IntentRefusal;

/**
 * The intents of a list page whose rows are created, edited, deleted and starred: a dialog posts
 * the row's whole form under `row`, the others name the row by `${row}_id`.
 */
export function rowListIntents<const Row extends string>(row: Row) {
  const form = { [row]: IntentBody } as { [K in Row]: typeof IntentBody };
  const id = { [`${row}_id`]: IntentId } as { [K in `${Row}_id`]: typeof IntentId };
  const intent = <const Verb extends string>(verb: Verb) => z.object({ intent: z.literal(`${verb}-${row}` as `${Verb}-${Row}`) });
  return z.discriminatedUnion("intent", [
    intent("create").extend(form),
    intent("update").extend(id).extend(form),
    intent("delete").extend(id),
    intent("favorite").extend(id),
    intent("unfavorite").extend(id),
  ]);
}
