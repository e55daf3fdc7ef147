// What the issue form holds beside its title and description: the properties its pills set,
// starting from the issue edited or the defaults the opener gave.
import type { Priority } from "../issue-icons";
import type { IssueFormDefaults } from "./context";

export interface IssueFormValues {
  state: string | null;
  priority: Priority;
  assignees: string[];
  labels: string[];
  start_date: string;
  target_date: string;
  estimate: number | null;
  parent: string | null;
  cycle: string | null;
  module: string | null;
}

export function initialValues(defaults: IssueFormDefaults): IssueFormValues {
  return {
    state: defaults.state ?? null,
    priority: defaults.priority ?? "none",
    assignees: defaults.assignees_list ?? [],
    labels: defaults.labels_list ?? [],
    start_date: defaults.start_date ?? "",
    target_date: defaults.target_date ?? "",
    estimate: defaults.estimate_point ?? null,
    parent: defaults.parent ?? null,
    cycle: defaults.cycle ?? null,
    module: defaults.module ?? null,
  };
}
