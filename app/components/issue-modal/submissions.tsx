// The issue modal's sent forms. Each form the modal shows posts on its own keyed fetcher, and the
// modal reads every answer from above: with "Create more" the form is cleared the moment it is
// sent, and the answer to the issue sent lands later without touching what is typed meanwhile.
// A refused issue comes back into the modal with the server's messages, unless the person has
// already started the next one.
import { useCallback, useRef, useState } from "react";
import { type ActionOptions, useKeyedAction } from "~/hooks/use-action";
import type { RichTextValue } from "../editor";
import type { IssueFormValues } from "./form-values";

/**
 * What a form holds: the id a new issue will have, the title, the picked properties and the
 * description (null: untouched).
 */
export interface IssueDraft {
  id: string | null;
  name: string;
  values: IssueFormValues;
  description: RichTextValue | null;
}

/** A draft nobody has typed into yet. */
export const isBlankDraft = (draft: IssueDraft | null) => !draft || (draft.name.trim() === "" && (draft.description?.empty ?? true));

let modalsOpened = 0;

function AnswerReader<Answer>({ fetcherKey, options }: { fetcherKey: string; options: ActionOptions<Answer> }) {
  useKeyedAction<Answer>(fetcherKey, options as ActionOptions<unknown>);
  return null;
}

/**
 * The form shown (its key names its fetcher; `draft` refills it) and the forms sent and cleared
 * whose answers are awaited. `optionsFor(key, cleared)` says what to do with the answer of form
 * `key`; `cleared` is the draft it held when it was sent and cleared, or null for the form shown.
 */
export function useIssueSubmissions<Answer>(optionsFor: (key: number, cleared: IssueDraft | null) => ActionOptions<Answer>) {
  const [instance] = useState(() => ++modalsOpened);
  const nextKey = useRef(1);
  const [shown, setShown] = useState<{ key: number; draft: IssueDraft | null }>({ key: 0, draft: null });
  const [awaited, setAwaited] = useState<{ key: number; draft: IssueDraft }[]>([]);
  const fetcherKey = useCallback((key: number) => `issue-modal-${instance}-${key}`, [instance]);

  /** Clears the form at once: the one sent is awaited from here on. */
  const clearSent = useCallback((key: number, draft: IssueDraft) => {
    setAwaited((list) => [...list, { key, draft }]);
    setShown({ key: nextKey.current++, draft: null });
  }, []);
  /** A fresh, empty form. */
  const showNew = useCallback(() => setShown({ key: nextKey.current++, draft: null }), []);
  /** Shows form `key` again, filled with what it held (its fetcher still has the server's reply). */
  const showAgain = useCallback((key: number, draft: IssueDraft) => setShown({ key, draft }), []);
  const forget = useCallback((key: number) => setAwaited((list) => list.filter((entry) => entry.key !== key)), []);

  // The form shown is read too: a form keeps its reader while it goes from shown to awaited, so
  // its fetcher is never left without a holder (which would abort the request in flight).
  const readers = [...awaited, ...(awaited.some((entry) => entry.key === shown.key) ? [] : [{ key: shown.key, draft: null }])].map((entry) => (
    <AnswerReader<Answer> key={entry.key} fetcherKey={fetcherKey(entry.key)} options={optionsFor(entry.key, entry.draft)} />
  ));
  return { shown, fetcherKey, clearSent, showNew, showAgain, forget, readers };
}
