// The ProseMirror editor of descriptions and comments. Loaded lazily (editor/index.tsx) so pages
// ship it only when a rich-text field is on screen. It reports ProseMirror JSON plus the HTML the
// schema serialises to (the server sanitises that HTML again before storing it).
import { baseKeymap, chainCommands, exitCode, setBlockType, toggleMark, wrapIn } from "prosemirror-commands";
import { history, redo, undo } from "prosemirror-history";
import { inputRules, textblockTypeInputRule, undoInputRule, wrappingInputRule } from "prosemirror-inputrules";
import { keymap } from "prosemirror-keymap";
import { type MarkType, type Node as PMNode, DOMParser as PMDOMParser, DOMSerializer, Slice } from "prosemirror-model";
import { liftListItem, sinkListItem, splitListItem, wrapInList } from "prosemirror-schema-list";
import { type Command, EditorState, Plugin, PluginKey } from "prosemirror-state";
import { Decoration, DecorationSet, EditorView } from "prosemirror-view";
import { useEffect, useMemo, useRef, useState } from "react";
import { Spinner } from "../ui";
import { type RichTextValue, SUGGESTION_LIMIT, type SuggestionItem, isEmptyHtml, proseClass } from "./prose";
import { safeUrl, schema } from "./schema";

export interface RichTextHandle {
  clear(): void;
  focus(): void;
  value(): RichTextValue;
  /**
   * Puts sanitised HTML (an AI answer) into the document: in place of the selection, or in place of
   * everything. Goes through the editor's history and change callback like typing does.
   */
  insertHtml(html: string, mode: "selection" | "document"): void;
}

export interface RichTextEditorProps {
  initialHtml?: string | null;
  initialJson?: unknown;
  editable?: boolean;
  placeholder?: string;
  ariaLabel: string;
  onChange?(value: RichTextValue): void;
  onBlur?(): void;
  /** Ctrl/Cmd+Enter. */
  onSubmit?(): void;
  mentions?: SuggestionItem[];
  tags?: SuggestionItem[];
  /** Uploads an image and answers its URL; without it the image button is hidden. */
  uploadImage?(file: File): Promise<string | null>;
  toolbar?: "always" | "focus" | "none";
  autoFocus?: boolean;
  handleRef?: React.MutableRefObject<RichTextHandle | null>;
  contentClassName?: string;
}

// ---------------------------------------------------------------- document <-> value

function isDocEmpty(doc: PMNode) {
  let content = false;
  doc.descendants((node) => {
    if (content) return false;
    if (node.isText ? (node.text ?? "").trim() !== "" : node.isLeaf && node.type.name !== "hard_break") content = true;
    return !content;
  });
  return !content;
}

export function richTextValueOf(doc: PMNode): RichTextValue {
  const container = document.createElement("div");
  container.appendChild(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
  return { json: doc.toJSON() as Record<string, unknown>, html: container.innerHTML, empty: isDocEmpty(doc) };
}

function emptyDoc() {
  return schema.topNodeType.createAndFill() as PMNode;
}

/**
 * The starting document: the stored (sanitised) HTML, else the JSON. The HTML is parsed in an
 * inert document so nothing in it loads or runs while it is read.
 */
function initialDoc(html: string | null | undefined, json: unknown): PMNode {
  if (html && !isEmptyHtml(html)) {
    const parsed = new window.DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    return PMDOMParser.fromSchema(schema).parse(parsed.body);
  }
  if (json && typeof json === "object" && (json as { type?: unknown }).type === "doc") {
    try {
      const doc = schema.nodeFromJSON(json);
      doc.check();
      return doc;
    } catch {
      // a document of another schema: start empty
    }
  }
  return emptyDoc();
}

// ---------------------------------------------------------------- plugins

/**
 * Markdown-style shortcuts at the start of a block, as Linear and Plane offer: "# " to "### ",
 * "- ", "1. ", "> " and "```". Backspace right after one undoes it (undoInputRule).
 */
function blockShortcuts() {
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

function placeholder(text: () => string) {
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

interface SuggestMatch {
  char: "@" | "#";
  query: string;
  from: number;
  to: number;
}
interface SuggestState {
  match: SuggestMatch | null;
  dismissedAt: number | null;
}

const suggestKey = new PluginKey<SuggestState>("suggest");

function findSuggestMatch(state: EditorState): SuggestMatch | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const $pos = selection.$from;
  if (!$pos.parent.isTextblock || $pos.parent.type.spec.code) return null;
  const before = $pos.parent.textBetween(Math.max(0, $pos.parentOffset - 40), $pos.parentOffset, undefined, "\ufffc");
  const match = /(?:^|\s)([@#])([^\s@#\ufffc]{0,30})$/.exec(before);
  if (!match) return null;
  return { char: match[1] as "@" | "#", query: match[2], from: $pos.pos - match[2].length - 1, to: $pos.pos };
}

interface SuggestControl {
  count: number;
  move(step: number): void;
  choose(): void;
}

function suggestions(control: React.MutableRefObject<SuggestControl | null>) {
  return new Plugin<SuggestState>({
    key: suggestKey,
    state: {
      init: () => ({ match: null, dismissedAt: null }),
      apply(tr, previous, _old, state) {
        const match = findSuggestMatch(state);
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

function keymaps(onSubmit: () => boolean) {
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

// ---------------------------------------------------------------- toolbar helpers

function markActive(state: EditorState, type: MarkType) {
  const { from, $from, to, empty } = state.selection;
  if (empty) return Boolean(type.isInSet(state.storedMarks || $from.marks()));
  return state.doc.rangeHasMark(from, to, type);
}

function blockActive(state: EditorState, name: string, attrs: Record<string, unknown> = {}) {
  const { $from } = state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name === name && Object.entries(attrs).every(([key, value]) => node.attrs[key] === value)) return true;
  }
  return false;
}

function ToolbarButton({
  label,
  active = false,
  disabled = false,
  onRun,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onRun(): void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the editor's selection: act on mousedown without taking focus.
      onMouseDown={(event) => {
        event.preventDefault();
        if (!disabled) onRun();
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onRun();
        }
      }}
      className={`flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-xs font-semibold transition-colors disabled:opacity-40 ${
        active ? "bg-neutral-200 text-neutral-900" : "text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
      }`}
    >
      {children}
    </button>
  );
}

const svg = (path: React.ReactNode) => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {path}
  </svg>
);

// ---------------------------------------------------------------- component

export default function RichTextEditor({
  initialHtml,
  initialJson,
  editable = true,
  placeholder: placeholderText = "",
  ariaLabel,
  onChange,
  onBlur,
  onSubmit,
  mentions = [],
  tags = [],
  uploadImage,
  toolbar = "focus",
  autoFocus = false,
  handleRef,
  contentClassName = "",
}: RichTextEditorProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [state, setState] = useState<EditorState | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState("");
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const [focusWithin, setFocusWithin] = useState(false);
  const pressing = useRef(false);

  // The "focus" toolbar shows while the focus is in the editor. A press on a control outside
  // moves the focus on pointerdown; hiding the toolbar right then would shift everything below
  // the editor up before the pointerup, and the click would land beside the control the person
  // aimed at (the first click on a button under the editor did nothing). So while the editor
  // has the focus, presses are watched, and a blur caused by one hides the toolbar after its click.
  useEffect(() => {
    if (!focusWithin || toolbar !== "focus") return;
    const press = () => {
      pressing.current = true;
    };
    const release = () => {
      pressing.current = false;
    };
    window.addEventListener("pointerdown", press, true);
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    return () => {
      pressing.current = false;
      window.removeEventListener("pointerdown", press, true);
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    };
  }, [focusWithin, toolbar]);

  function onWrapperBlur(event: React.FocusEvent) {
    const wrapper = wrapperRef.current;
    if (wrapper?.contains(event.relatedTarget as Node | null)) return;
    const hideUnlessBack = () => {
      if (!wrapperRef.current?.contains(document.activeElement)) setFocusWithin(false);
    };
    if (!pressing.current) {
      hideUnlessBack();
      return;
    }
    // pointerup, mouseup and click are dispatched in one task: a timeout runs after the click.
    const after = () => {
      window.removeEventListener("pointerup", after, true);
      window.removeEventListener("pointercancel", after, true);
      window.setTimeout(hideUnlessBack, 0);
    };
    window.addEventListener("pointerup", after, true);
    window.addEventListener("pointercancel", after, true);
  }

  const latest = useRef({ onChange, onBlur, onSubmit, placeholderText, editable, uploadImage });
  latest.current = { onChange, onBlur, onSubmit, placeholderText, editable, uploadImage };
  const control = useRef<SuggestControl | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is created once; later props are read through refs.
  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const view = new EditorView(mount, {
      state: EditorState.create({
        doc: initialDoc(initialHtml, initialJson),
        plugins: [
          suggestions(control),
          blockShortcuts(),
          ...keymaps(() => {
            if (!latest.current.onSubmit) return false;
            latest.current.onSubmit();
            return true;
          }),
          history(),
          placeholder(() => latest.current.placeholderText),
        ],
      }),
      editable: () => latest.current.editable,
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": ariaLabel,
        class: `outline-none whitespace-pre-wrap [font-variant-ligatures:none] ${contentClassName}`,
      },
      handlePaste(_view, event) {
        const files = [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith("image/"));
        if (files.length === 0 || !latest.current.uploadImage) return false;
        void insertImage(files[0]);
        return true;
      },
      handleDrop(_view, event) {
        const files = [...((event as DragEvent).dataTransfer?.files ?? [])].filter((file) => file.type.startsWith("image/"));
        if (files.length === 0 || !latest.current.uploadImage) return false;
        event.preventDefault();
        void insertImage(files[0]);
        return true;
      },
      handleDOMEvents: {
        blur: () => {
          latest.current.onBlur?.();
          return false;
        },
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr);
        view.updateState(next);
        setState(next);
        if (tr.docChanged) latest.current.onChange?.(richTextValueOf(next.doc));
      },
    });
    viewRef.current = view;
    setState(view.state);
    if (handleRef) {
      handleRef.current = {
        clear() {
          const fresh = EditorState.create({ doc: emptyDoc(), plugins: view.state.plugins });
          view.updateState(fresh);
          setState(fresh);
          latest.current.onChange?.(richTextValueOf(fresh.doc));
        },
        focus: () => view.focus(),
        value: () => richTextValueOf(view.state.doc),
        insertHtml(html, mode) {
          const parsed = new window.DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
          const doc = PMDOMParser.fromSchema(schema).parse(parsed.body);
          const { tr } = view.state;
          if (mode === "document" || isDocEmpty(view.state.doc)) tr.replaceWith(0, tr.doc.content.size, doc.content);
          else tr.replaceSelection(new Slice(doc.content, 0, 0));
          view.dispatch(tr.scrollIntoView());
          view.focus();
        },
      };
    }
    if (autoFocus) view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
      if (handleRef) handleRef.current = null;
    };
  }, []);

  useEffect(() => {
    viewRef.current?.setProps({ editable: () => editable });
  }, [editable]);

  async function insertImage(file: File) {
    const upload = latest.current.uploadImage;
    if (!upload) return;
    setUploading(true);
    try {
      const src = await upload(file);
      const view = viewRef.current;
      const clean = safeUrl(src);
      if (clean && view) {
        view.dispatch(view.state.tr.replaceSelectionWith(schema.nodes.image.create({ src: clean, alt: file.name })).scrollIntoView());
        view.focus();
      }
    } finally {
      setUploading(false);
    }
  }

  const suggest = state ? suggestKey.getState(state) : undefined;
  const match = suggest?.match && suggest.dismissedAt === null ? suggest.match : null;
  const items = useMemo(() => {
    if (!match) return [];
    const source = match.char === "@" ? mentions : tags;
    const query = match.query.toLowerCase();
    return source.filter((item) => item.label.toLowerCase().includes(query)).slice(0, SUGGESTION_LIMIT);
  }, [match, mentions, tags]);
  const index = items.length ? Math.min(activeIndex, items.length - 1) : 0;

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

  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch);
    view.focus();
  };

  function applyLink() {
    const view = viewRef.current;
    const href = linkUrl.trim();
    setLinkOpen(false);
    setLinkUrl("");
    if (!view || !href) return;
    const url = /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/") ? href : `https://${href}`;
    const clean = safeUrl(url);
    if (!clean) return;
    const { empty, from } = view.state.selection;
    const mark = schema.marks.link.create({ href: clean });
    if (empty) view.dispatch(view.state.tr.insert(from, schema.text(clean, [mark])));
    else view.dispatch(view.state.tr.addMark(view.state.selection.from, view.state.selection.to, mark));
    view.focus();
  }

  const showToolbar = editable && toolbar !== "none" && state;
  const s = state;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: tracks where the focus is; not a control.
    <div ref={wrapperRef} className="relative" onFocus={() => setFocusWithin(true)} onBlur={onWrapperBlur}>
      {showToolbar && s ? (
        <div
          role="toolbar"
          aria-label="Formatting"
          className={`mb-1 flex-wrap items-center gap-0.5 border-b border-neutral-100 pb-1 ${
            toolbar === "focus" && !focusWithin ? "hidden" : "flex"
          }`}
        >
          {[1, 2, 3].map((level) => (
            <ToolbarButton
              key={level}
              label={`Heading ${level}`}
              active={blockActive(s, "heading", { level })}
              onRun={() =>
                run(
                  blockActive(s, "heading", { level })
                    ? setBlockType(schema.nodes.paragraph)
                    : setBlockType(schema.nodes.heading, { level }),
                )
              }
            >
              H{level}
            </ToolbarButton>
          ))}
          <span className="mx-1 h-4 w-px bg-neutral-200" />
          <ToolbarButton label="Bold" active={markActive(s, schema.marks.strong)} onRun={() => run(toggleMark(schema.marks.strong))}>
            B
          </ToolbarButton>
          <ToolbarButton label="Italic" active={markActive(s, schema.marks.em)} onRun={() => run(toggleMark(schema.marks.em))}>
            <span className="italic">I</span>
          </ToolbarButton>
          <ToolbarButton label="Strikethrough" active={markActive(s, schema.marks.strike)} onRun={() => run(toggleMark(schema.marks.strike))}>
            <span className="line-through">S</span>
          </ToolbarButton>
          <ToolbarButton label="Inline code" active={markActive(s, schema.marks.code)} onRun={() => run(toggleMark(schema.marks.code))}>
            {svg(<path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />)}
          </ToolbarButton>
          <span className="mx-1 h-4 w-px bg-neutral-200" />
          <ToolbarButton label="Bulleted list" active={blockActive(s, "bullet_list")} onRun={() => run(blockActive(s, "bullet_list") ? liftListItem(schema.nodes.list_item) : wrapInList(schema.nodes.bullet_list))}>
            {svg(<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />)}
          </ToolbarButton>
          <ToolbarButton label="Numbered list" active={blockActive(s, "ordered_list")} onRun={() => run(blockActive(s, "ordered_list") ? liftListItem(schema.nodes.list_item) : wrapInList(schema.nodes.ordered_list))}>
            {svg(<path d="M10 6h10M10 12h10M10 18h10M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />)}
          </ToolbarButton>
          <ToolbarButton label="Quote" active={blockActive(s, "blockquote")} onRun={() => run(wrapIn(schema.nodes.blockquote))}>
            {svg(<path d="M3 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2H4c-1.25 0-2 .75-2 2v6c0 1.25.75 2 2 2h3c0 4-3 6-4 6zm12 0c3 0 7-1 7-8V5c0-1.25-.76-2-2-2h-4c-1.25 0-2 .75-2 2v6c0 1.25.75 2 2 2h3c0 4-3 6-4 6z" />)}
          </ToolbarButton>
          <ToolbarButton label="Code block" active={blockActive(s, "code_block")} onRun={() => run(blockActive(s, "code_block") ? setBlockType(schema.nodes.paragraph) : setBlockType(schema.nodes.code_block))}>
            {svg(<><rect x="3" y="4" width="18" height="16" rx="2" /><path d="m10 10-2 2 2 2M14 10l2 2-2 2" /></>)}
          </ToolbarButton>
          <span className="mx-1 h-4 w-px bg-neutral-200" />
          <ToolbarButton
            label="Link"
            active={markActive(s, schema.marks.link)}
            onRun={() => {
              if (markActive(s, schema.marks.link)) run(toggleMark(schema.marks.link));
              else setLinkOpen((open) => !open);
            }}
          >
            {svg(<path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />)}
          </ToolbarButton>
          {uploadImage ? (
            <ToolbarButton label="Insert image" disabled={uploading} onRun={() => fileRef.current?.click()}>
              {uploading ? <Spinner className="size-3.5" /> : svg(<><rect x="3" y="3" width="18" height="18" rx="2" /><circle cx="9" cy="9" r="2" /><path d="m21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21" /></>)}
            </ToolbarButton>
          ) : null}
          {linkOpen ? (
            <span className="ml-1 flex items-center gap-1">
              <input
                // biome-ignore lint/a11y/noAutofocus: the field opens on purpose to receive the URL.
                autoFocus
                aria-label="Link URL"
                value={linkUrl}
                onChange={(event) => setLinkUrl(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    applyLink();
                  }
                  if (event.key === "Escape") {
                    event.preventDefault();
                    event.stopPropagation();
                    setLinkOpen(false);
                    viewRef.current?.focus();
                  }
                }}
                placeholder="Paste a link"
                className="h-7 w-48 rounded border border-neutral-300 px-2 text-xs outline-none focus:border-brand-500"
              />
              <button type="button" onClick={applyLink} className="h-7 rounded bg-zinc-800 px-2 text-xs font-medium text-white">
                Apply
              </button>
            </span>
          ) : null}
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void insertImage(file);
            }}
          />
        </div>
      ) : null}
      <div
        ref={mountRef}
        className={`${proseClass} [&_.pm-placeholder]:before:pointer-events-none [&_.pm-placeholder]:before:float-left [&_.pm-placeholder]:before:h-0 [&_.pm-placeholder]:before:text-neutral-400 [&_.pm-placeholder]:before:content-[attr(data-placeholder)] [&_img.ProseMirror-separator]:!m-0 [&_img.ProseMirror-separator]:!inline [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-brand-400`}
      />
      {popup ? (
        <div
          role="listbox"
          aria-label={match?.char === "@" ? "Mention a member" : "Add a tag"}
          className="absolute z-[70] w-56 overflow-hidden rounded-md border border-neutral-200 bg-surface py-1 shadow-lg"
          style={{ left: popup.left, top: popup.top }}
        >
          {items.map((item, position) => (
            <div
              key={item.id}
              role="option"
              tabIndex={-1}
              aria-selected={position === index}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(item);
              }}
              onMouseEnter={() => setActiveIndex(position)}
              className={`flex cursor-pointer items-center gap-2 px-2.5 py-1.5 text-sm ${position === index ? "bg-neutral-100" : ""}`}
            >
              {match?.char === "#" ? (
                <span className="size-2 shrink-0 rounded-full" style={{ backgroundColor: item.color ?? "#858e96" }} />
              ) : (
                <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-zinc-700 text-[10px] font-medium text-white uppercase">
                  {item.label.slice(0, 1)}
                </span>
              )}
              <span className="truncate text-neutral-800">{item.label}</span>
              {item.detail ? <span className="ml-auto truncate text-xs text-neutral-400">{item.detail}</span> : null}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
