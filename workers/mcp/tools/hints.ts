// Field descriptions the tools share: what an agent must know beyond a field's name and type.
export const PAGE_HINTS = {
  per_page: "How many rows to answer (the list's cap when absent).",
  cursor: "Where the next rows start: the `next_cursor` of the previous answer.",
};

/** The issue list's filters, as its query string takes them. */
export const ISSUE_LIST_HINTS = {
  ...PAGE_HINTS,
  state: "State ids (from list_states), comma-separated or as a list.",
  priority: "Priorities (urgent, high, medium, low, none), comma-separated or as a list.",
  assignees: "Assignee user ids (from list_members), comma-separated or as a list.",
  labels: "Label ids (from list_labels), comma-separated or as a list.",
  created_by: "Creator user ids (from list_members), comma-separated or as a list.",
  target_date: "Due dates YYYY-MM-DD, each optionally followed by ;after or ;before, comma-separated.",
  type: "all, active (not completed or cancelled) or backlog.",
};

/** The fields of an issue write. */
export const ISSUE_WRITE_HINTS = {
  name: "The issue's title.",
  description_html: "The description as HTML (<p>, <ul>, <a>, <code>...); use it rather than `description`.",
  description: "The description as ProseMirror JSON; leave it out and send description_html.",
  state: "A state id from list_states (null: the project's default state).",
  priority: "urgent, high, medium, low or none.",
  assignees_list: "The assignees' user ids (from list_members); replaces the whole set.",
  labels_list: "Label ids (from list_labels); replaces the whole set.",
  parent: "The parent issue's id (null: no parent).",
  cycle: "A cycle id from list_cycles (null: out of its cycle).",
  module: "A module id from list_modules (null: out of its module).",
  start_date: "YYYY-MM-DD or null.",
  target_date: "The due date, YYYY-MM-DD or null.",
  estimate_point: "An estimate key from the project's estimate (0-7) or null.",
  id: "A UUID for the new issue; the server makes one when absent.",
};
