// The editor's ProseMirror plugins: Markdown-style block shortcuts, the placeholder, the @ and #
// suggestion tracking and the key bindings.
import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark } from "prosemirror-commands";
import { redo, undo } from "prosemirror-history";
import { inputRules, textblockTypeInputRule, undoInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import { liftListItem, sinkListItem, splitListItem } from "prosemirror-schema-list";
import { type Command, type EditorState, Plugin, PluginKey } from "prosemirror-state";
import { Decoration, DecorationSet } from "prosemirror-view";
import { schema } from "./schema";

/**
 * Markdown-style shortcuts at the start of a block, as Linear and Plane offer: "# " to "### ",
 * "- ", "1. ", "> " and "```". Backspace right after one undoes it (undoInputRule).
 */
export function blockShortcuts() {
  return inputRules({
    rules: [
      textblockTypeInputRule(/^(#{1,3})\s$/, schema.nodes.heading, (match) => ({ level: match[1].length })),
      wrappingInputRule(/^\s*([-+*])\s$/, schema.nodes.bullet_list),
      wrappingInputRule(
        /^(\d+)\.\s$/,
        schema.nodes.ordered_list,
        (match) => ({ order: Number(match[1]) }),
        (match, node) => node.childCount + node.attrs.order === Number(match[1]),
      ),
      wrappingInputRule(/^\s*>\s$/, schema.nodes.blockquote),
      textblockTypeInputRule(/^```$/, schema.nodes.code_block),
    ],
  });
}

/** Shows the placeholder text while the document is one empty block. */
export function placeholder(text: () => string) {
  return new Plugin({
    props: {
      decorations(state) {
        const first = state.doc.firstChild;
        if (state.doc.childCount !== 1 || !first?.isTextblock || first.content.size > 0) return null;
        return DecorationSet.create(state.doc, [
          Decoration.node(0, first.nodeSize, { class: "pm-placeholder", "data-placeholder": text() }),
        ]);
      },
    },
  });
}

/**
 * An "@name", a "#tag or issue", or the project's issue key being typed ("DEMO-" then digits, as
 * char "key") right before the cursor, and the range it takes.
 */
export interface SuggestMatch {
  char: "@" | "#" | "key";
  /** What follows the "@" or "#", or the digits after the key's hyphen. */
  query: string;
  from: number;
  to: number;
}
interface SuggestState {
  match: SuggestMatch | null;
  dismissedAt: number | null;
}

export const suggestKey = new PluginKey<SuggestState>("suggest");

function findSuggestMatch(state: EditorState, identifier: string | undefined): SuggestMatch | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $pos = selection.$from;
  if (!$pos.parent.isTextblock || $pos.parent.type.spec.code) return null;
  const before = $pos.parent.textBetween(Math.max(0, $pos.parentOffset - 40), $pos.parentOffset, undefined, "\ufffc");
  const match = /(?:^|\s)([@#])([^\s@#\ufffc]{0,30})$/.exec(before);
  if (match) return { char: match[1] as "@" | "#", query: match[2], from: $pos.pos - match[2].length - 1, to: $pos.pos };
  // The project's identifier (letters only) and a hyphen, in any case, then up to 9 digits.
  if (!identifier || !/^[A-Za-z]{1,12}$/.test(identifier)) return null;
  const key = new RegExp(`(?:^|\\s)${identifier}-(\\d{0,9})$`, "i").exec(before);
  if (!key) return null;
  return { char: "key", query: key[1], from: $pos.pos - identifier.length - 1 - key[1].length, to: $pos.pos };
}

/** The open suggestion list as the keyboard drives it. */
export interface SuggestControl {
  count: number;
  move(step: number): void;
  choose(): void;
}

/** The match the suggestion list shows, or null when there is none or Escape dismissed it. */
export function openSuggestMatch(state: EditorState | null): SuggestMatch | null {
  const suggest = state ? suggestKey.getState(state) : undefined;
  return suggest?.match && suggest.dismissedAt === null ? suggest.match : null;
}

/**
 * Tracks the "@", "#" or issue-key match (the key of the project `identifier()` names, if any) and
 * lets arrows, Enter, Tab and Escape drive the open list.
 */
export function suggestions(control: React.MutableRefObject<SuggestControl | null>, identifier: () => string | undefined) {
  return new Plugin<SuggestState>({
    key: suggestKey,
    state: {
      init: () => ({ match: null, dismissedAt: null }),
      apply(tr, previous, _old, state) {
        const match = findSuggestMatch(state, identifier());
        if (tr.getMeta(suggestKey) === "dismiss") return { match, dismissedAt: match?.from ?? null };
        return { match, dismissedAt: match && previous.dismissedAt === match.from ? previous.dismissedAt : null };
      },
    },
    props: {
      handleKeyDown(view, event) {
        const current = suggestKey.getState(view.state);
        const ctl = control.current;
        if (!current?.match || current.dismissedAt !== null || !ctl || ctl.count === 0) return false;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          ctl.move(event.key === "ArrowDown" ? 1 : -1);
          return true;
        }
        if (event.key === "Enter" || event.key === "Tab") {
          ctl.choose();
          return true;
        }
        if (event.key === "Escape") {
          view.dispatch(view.state.tr.setMeta(suggestKey, "dismiss"));
          return true;
        }
        return false;
      },
    },
  });
}

/** The key bindings: history, marks, lists, headings, a line break and Ctrl/Cmd+Enter to submit. */
export function keymaps(onSubmit: () => boolean) {
  const item = schema.nodes.list_item;
  const hardBreak: Command = (state, dispatch) => {
    dispatch?.(state.tr.replaceSelectionWith(schema.nodes.hard_break.create()).scrollIntoView());
    return true;
  };
  return [
    keymap({
      Backspace: undoInputRule,
      "Mod-z": undo,
      "Shift-Mod-z": redo,
      "Mod-y": redo,
      "Mod-b": toggleMark(schema.marks.strong),
      "Mod-i": toggleMark(schema.marks.em),
      "Mod-e": toggleMark(schema.marks.code),
      "Mod-Shift-x": toggleMark(schema.marks.strike),
      "Mod-Enter": () => onSubmit(),
      "Shift-Enter": chainCommands(exitCode, hardBreak),
      Enter: splitListItem(item),
      Tab: sinkListItem(item),
      "Shift-Tab": liftListItem(item),
      "Mod-Alt-1": setBlockType(schema.nodes.heading, { level: 1 }),
      "Mod-Alt-2": setBlockType(schema.nodes.heading, { level: 2 }),
      "Mod-Alt-3": setBlockType(schema.nodes.heading, { level: 3 }),
      "Mod-Alt-0": setBlockType(schema.nodes.paragraph),
    }),
    keymap(baseKeymap),
  ];
}
