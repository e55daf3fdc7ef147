// The issue a person just opened from a screen that already held its row (a card, a list row, a
// search result): the project shell shows that row at once (its key, state and title) while the
// issue page's code and data are on their way, instead of a blank wait. One at a time: the last
// one opened.

export interface HeldIssue {
  id: string;
  /** Its key as the row shows it ("DEMO-12"). */
  key: string;
  name: string;
  state: { name: string; group: string; color: string } | null;
}

let held: { issue: HeldIssue; path: string } | null = null;

/** Remembers the row of the issue being opened at `path`. */
export function holdIssueForOpening(issue: HeldIssue, path: string) {
  held = { issue, path };
}

/** The row held for the page at `path`, if that is the issue being opened. */
export function heldIssueAt(path: string): HeldIssue | null {
  return held?.path === path ? held.issue : null;
}
