// State input schemas and messages: client-safe (zod only), shared by the API, Remix actions and forms.
import { z } from "zod";
import { STATE_GROUPS } from "./constants";
import { entityName, hexColor, orderNumber, plainDescription } from "./common";

export { STATE_GROUPS };
export const DEFAULT_STATE_COLOR = "#858e96";

export const STATE_NAME_TAKEN = "Another state exists with the same name. Please try again with another name.";
export const DEFAULT_STATE_UNDELETABLE = "The default state cannot be deleted.";
export const LAST_STATE_OF_GROUP = "The last state of a group cannot be deleted.";
export const LAST_STATE_OF_GROUP_MOVE = "The last state of a group cannot be moved to another group.";
export const STATE_HAS_ISSUES =
  "This state contains some issues within it, please move them to some other state to delete this state.";
export const DEFAULT_STATE_REQUIRED = "A project needs a default state: mark another state as default instead.";
export const STATE_NOT_FOUND = "State not found.";
/** The inline form's wording of a taken name (the create dialog shows STATE_NAME_TAKEN). */
export const STATE_NAME_TAKEN_INLINE = "State with that name already exists. Please try again with another name.";
export const STATE_CREATE_FAILED = "State could not be created. Please try again.";
export const STATE_UPDATE_FAILED = "State could not be updated. Please try again.";
export const STATE_DELETE_FAILED = "State could not be deleted. Please try again.";
export const STATE_CREATED = "State created successfully.";
export const STATE_UPDATED = "State updated successfully.";

/**
 * Why a state may not be deleted, as far as the state itself and the size of its group tell (the
 * default state stays, and so does the last state of a group); null when they allow it.
 */
export function stateDeleteRefusal(state: { default: boolean }, groupSize: number): string | null {
  if (state.default) return DEFAULT_STATE_UNDELETABLE;
  if (groupSize <= 1) return LAST_STATE_OF_GROUP;
  return null;
}

const stateFields = {
  name: entityName,
  description: plainDescription,
  color: hexColor,
  group: z.enum(STATE_GROUPS, { error: `Group must be one of ${STATE_GROUPS.join(", ")}.` }),
  default: z.boolean({ error: "Default must be true or false." }),
  sequence: orderNumber("Sequence must be a finite number."),
};

export const CreateStateInput = z.object({
  ...stateFields,
  description: stateFields.description.default(""),
  color: stateFields.color.default(DEFAULT_STATE_COLOR),
  group: stateFields.group.default("backlog"),
  default: stateFields.default.default(false),
  sequence: stateFields.sequence.optional(),
});

/** Which way a state moves among the states of its group. */
export const STATE_MOVE_DIRECTIONS = ["up", "down"] as const;
export type StateMoveDirection = (typeof STATE_MOVE_DIRECTIONS)[number];

/** PATCH: any subset. */
export const PatchStateInput = z.object(stateFields).partial();
/** PUT: the whole form, so the name is required; omitted optional fields keep their values. */
export const PutStateInput = PatchStateInput.extend({ name: stateFields.name });

/** The settings page's state form: the create dialog sends a group, the inline form its group's. */
export const StateFormSchema = CreateStateInput.pick({ name: true, description: true, color: true, group: true });
