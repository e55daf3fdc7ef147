// The issue a person just opened from a screen that already held its row (a card, a list row, a
// search result): the issue page shows that row at once (its key, state and title) while the
// server's detail is on its way, instead of a blank wait. One at a time: the last one opened.

export interface HeldIssue {
  id: string;
  name: string;
  sequence_id: number;
  identifier: string;
  state: { name: string; group: string; color: string } | null;
}

let held: HeldIssue | null = null;

/** Remembers the row of the issue being opened. */
export function holdIssueForOpening(issue: HeldIssue) {
  held = issue;
}

/** The row held for issue `id`, if the person opened it from a row. */
export function heldIssue(id: string): HeldIssue | null {
  return held?.id === id ? held : null;
}

/** Remembers an issue found by search (its result names no state). */
export function holdSearchedIssue(issue: { id: string; name: string; sequence_id: number; project__identifier: string }) {
  holdIssueForOpening({ id: issue.id, name: issue.name, sequence_id: issue.sequence_id, identifier: issue.project__identifier, state: null });
}
