// Which fields an issue row shows: one toggle per field, kept per user and project. Client-safe
// (no imports): the server completes stored toggles with these defaults, and the browser lists
// the toggles in this order and starts from the same defaults.

export const ISSUE_PROPERTY_KEYS = [
  "assignee",
  "due_date",
  "key",
  "labels",
  "priority",
  "state",
  "sub_issue_count",
  "attachment_count",
  "link",
  "estimate",
] as const;
export type IssuePropertyKey = (typeof ISSUE_PROPERTY_KEYS)[number];
export type IssuePropertyToggles = Record<IssuePropertyKey, boolean>;

/** Assignee, key and state are shown; every other field is hidden until turned on. */
export const ISSUE_PROPERTY_DEFAULTS: Readonly<IssuePropertyToggles> = {
  assignee: true,
  due_date: false,
  key: true,
  labels: false,
  priority: false,
  state: true,
  sub_issue_count: false,
  attachment_count: false,
  link: false,
  estimate: false,
};
