// What the modules page exchanges with the browser: its loader's data, the JSON intents the module
// cards, the module dialog and the module sidebar post (all to the modules list's action), and
// what the action answers. Client-safe: components import the types; the server parses intents
// with the schema. The module's own fields are checked by the domain, which answers their messages
// per field (workers/domain/schemas/modules.ts).
import { z } from "zod";
import type { ModulesPageData } from "../../workers/domain/schemas/modules-page-responses";
import { type IntentAnswer, IntentBody, IntentId, rowListIntents } from "./intents";

export type { Burndown, ModuleLinkResponse, ModuleResponse } from "../../workers/domain/schemas/issue-group-responses";
export type { ModulePerson, ModuleSidebarData, ModulesPageData } from "../../workers/domain/schemas/modules-page-responses";

/** What the list's loader answers. */
export type ModulesPageLoaderData = ModulesPageData;

/** The list's and the dialog's row intents (the dialog sends the whole form), and the sidebar's. */
export const ModulesPageIntentSchema = z.discriminatedUnion("intent", [
  ...rowListIntents("module").options,
  /** The sidebar changes one thing at a time (status, lead, members). */
  z.object({ intent: z.literal("patch-module"), module_id: IntentId, patch: IntentBody }),
  z.object({ intent: z.literal("add-link"), module_id: IntentId, link: IntentBody }),
  z.object({ intent: z.literal("delete-link"), module_id: IntentId, link_id: IntentId }),
]);
export type ModulesPageIntent = z.input<typeof ModulesPageIntentSchema>;

/** The action's answer: the created module's id, or the failure with any field messages (400). */
export type ModulesPageAnswer = IntentAnswer<ModulesPageIntent>;

/** What module writes say (toasts), in one place. */
export const MODULE_TEXT = {
  created: "Module created successfully.",
  updated: "Module updated successfully.",
  createFailed: "Module could not be created. Please try again.",
  updateFailed: "Module could not be updated. Please try again.",
  deleteFailed: "Module could not be deleted. Please try again.",
  favoriteFailed: "Couldn't add the module to favorites. Please try again.",
  unfavoriteFailed: "Couldn't remove the module from favorites. Please try again.",
  linkCopied: "Module link copied to clipboard",
  linkFailed: "Something went wrong. Please try again.",
} as const;
