// The @ mention, # tag-or-issue and "DEMO-" issue list: which items match what is typed, which one
// is active, where the list stands and what choosing one puts in the document.
import { useEffect, useMemo, useState } from "react";
import { type SuggestMatch, openSuggestMatch, suggestKey } from "./plugins";
import { type IssueSearchScope, SUGGESTION_LIMIT, type SuggestionItem } from "./prose";
import { schema } from "./schema";
import { useIssueSuggestions } from "./use-issue-suggestions";
import type { RichTextEditorState } from "./use-rich-text-editor";

/** Issue rows a "#" list keeps room for when labels match too. */
const ISSUE_ROOM = 3;

/**
 * The items of an open list, five at most: members after "@"; issues after the key; after "#"
 * the matching labels, then the issues, the labels leaving room for up to three issues.
 */
export function suggestionItems(match: Pick<SuggestMatch, "char" | "query"> | null, mentions: SuggestionItem[], tags: SuggestionItem[], issues: SuggestionItem[]) {
  if (!match) return [];
  if (match.char === "key") return issues.slice(0, SUGGESTION_LIMIT);
  const query = match.query.toLowerCase();
  const matching = (match.char === "@" ? mentions : tags).filter((item) => item.label.toLowerCase().includes(query));
  if (match.char === "@") return matching.slice(0, SUGGESTION_LIMIT);
  const labels = matching.slice(0, SUGGESTION_LIMIT - Math.min(issues.length, ISSUE_ROOM));
  return [...labels, ...issues].slice(0, SUGGESTION_LIMIT);
}

/** The list's estimated height: rows of 32 px and the padding. */
const rowHeight = 32;

/** The suggestion list of an editor; it also answers the keys the editor's plugin passes on. */
export function useSuggestions(
  { viewRef, state, control }: RichTextEditorState,
  wrapperRef: React.RefObject<HTMLDivElement>,
  mentions: SuggestionItem[],
  tags: SuggestionItem[],
  issueSearch: IssueSearchScope | undefined,
) {
  const [activeIndex, setActiveIndex] = useState(0);
  const match = openSuggestMatch(state);
  const issues = useIssueSuggestions(match, issueSearch);
  const items = useMemo(() => suggestionItems(match, mentions, tags, issues), [match, mentions, tags, issues]);
  const index = items.length ? Math.min(activeIndex, items.length - 1) : 0;

  /** Replaces the typed "@name", "#text" or key with the chosen member, label or issue. */
  function choose(item: SuggestionItem | undefined) {
    const view = viewRef.current;
    const current = view ? suggestKey.getState(view.state)?.match : null;
    if (!view || !current || !item) return;
    const node =
      item.kind === "issue"
        ? schema.nodes.issue.create({ id: item.id, key: item.label, href: item.href ?? "", title: item.detail ?? null })
        : (current.char === "@" ? schema.nodes.mention : schema.nodes.tag).create({ id: item.id, label: item.label });
    view.dispatch(view.state.tr.replaceWith(current.from, current.to, node).insertText(" "));
    view.focus();
    setActiveIndex(0);
  }

  control.current = {
    count: items.length,
    move: (step) => setActiveIndex((value) => (items.length ? (Math.min(value, items.length - 1) + step + items.length) % items.length : 0)),
    choose: () => choose(items[index]),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the first item.
  useEffect(() => setActiveIndex(0), [match?.from, match?.query]);

  // The list opens under the start of the match (above it when the viewport ends below), placed
  // within the editor's wrapper and kept inside the viewport's width.
  let popup: { left: number; top: number } | null = null;
  if (match && items.length > 0 && viewRef.current && wrapperRef.current) {
    try {
      const coords = viewRef.current.coordsAtPos(match.from);
      const box = wrapperRef.current.getBoundingClientRect();
      const height = items.length * rowHeight + 10;
      const width = 288;
      const below = coords.bottom + 4 + height <= window.innerHeight || coords.top - 4 - height < 0;
      const left = Math.max(4, Math.min(coords.left, window.innerWidth - width - 4));
      popup = { left: left - box.left, top: below ? coords.bottom - box.top + 4 : coords.top - box.top - 4 - height };
    } catch {
      popup = null;
    }
  }

  return { char: match?.char, items, index, popup, choose, hover: setActiveIndex };
}
