// The @ mention and # tag list: which items match what is typed, which one is active, where the
// list stands and what choosing one puts in the document.
import { useEffect, useMemo, useState } from "react";
import { openSuggestMatch, suggestKey } from "./plugins";
import { SUGGESTION_LIMIT, type SuggestionItem } from "./prose";
import { schema } from "./schema";
import type { RichTextEditorState } from "./use-rich-text-editor";

/** The suggestion list of an editor; it also answers the keys the editor's plugin passes on. */
export function useSuggestions(
  { viewRef, state, control }: RichTextEditorState,
  wrapperRef: React.RefObject<HTMLDivElement>,
  mentions: SuggestionItem[],
  tags: SuggestionItem[],
) {
  const [activeIndex, setActiveIndex] = useState(0);
  const match = openSuggestMatch(state);
  const items = useMemo(() => {
    if (!match) return [];
    const source = match.char === "@" ? mentions : tags;
    const query = match.query.toLowerCase();
    return source.filter((item) => item.label.toLowerCase().includes(query)).slice(0, SUGGESTION_LIMIT);
  }, [match, mentions, tags]);
  const index = items.length ? Math.min(activeIndex, items.length - 1) : 0;

  /** Replaces the typed "@name" or "#tag" with the chosen member or label. */
  function choose(item: SuggestionItem | undefined) {
    const view = viewRef.current;
    const current = view ? suggestKey.getState(view.state)?.match : null;
    if (!view || !current || !item) return;
    const type = current.char === "@" ? schema.nodes.mention : schema.nodes.tag;
    view.dispatch(view.state.tr.replaceWith(current.from, current.to, type.create({ id: item.id, label: item.label })).insertText(" "));
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

  // The list opens under the start of the match, placed within the editor's wrapper.
  let popup: { left: number; top: number } | null = null;
  if (match && items.length > 0 && viewRef.current && wrapperRef.current) {
    try {
      const coords = viewRef.current.coordsAtPos(match.from);
      const box = wrapperRef.current.getBoundingClientRect();
      popup = { left: coords.left - box.left, top: coords.bottom - box.top + 4 };
    } catch {
      popup = null;
    }
  }

  return { char: match?.char, items, index, popup, choose, hover: setActiveIndex };
}
