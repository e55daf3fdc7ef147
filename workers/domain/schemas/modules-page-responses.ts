// What the modules page and the module sidebar read, declared for the browser (types only). The
// domain's read models are annotated with these, so the two sides cannot drift.
import type { Burndown, ModuleResponse } from "./issue-group-responses";
import type { FilterLookups } from "./responses";

/** A project member as the lead and members pickers offer them. */
export type ModulePerson = FilterLookups["members"][number];

/** The modules page: the project's modules (favourites first) and the people a module may name. */
export interface ModulesPageData {
  project: { id: string; identifier: string; name: string };
  role: number;
  /** Members and owners create, edit and delete modules; viewers and guests only read them. */
  canEdit: boolean;
  /** The modules stream in after the page's frame (the page shows placeholders meanwhile). */
  modules: Promise<ModuleResponse[]>;
  members: ModulePerson[];
}

/** The module sidebar beside the module's issues. */
export interface ModuleSidebarData {
  module: ModuleResponse;
  /** Members and owners change the module and add links; viewers and guests only read. */
  canEdit: boolean;
  members: ModulePerson[];
  /** The progress chart's data; null when the module's dates do not allow a chart. */
  burndown: Burndown | null;
}
