// The ProseMirror view behind RichTextEditor: created once on mount with its plugins, reading the
// latest props through a ref, destroyed on unmount. It answers the state to render and the actions
// the toolbar and menus run on it.
import { history } from "prosemirror-history";
import { Slice } from "prosemirror-model";
import { type Command, EditorState } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { useEffect, useRef, useState } from "react";
import { emptyDoc, initialDoc, isDocEmpty, parseHtml, richTextValueOf } from "./document";
import { type SuggestControl, blockShortcuts, keymaps, placeholder, suggestions } from "./plugins";
import type { IssueSearchScope, RichTextValue, SuggestionItem } from "./prose";
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
  /** Where "#" and the project's key ("DEMO-") find issues to reference; without it, none. */
  issueSearch?: IssueSearchScope;
  /** Uploads an image and answers its URL; without it the image button is hidden. */
  uploadImage?(file: File): Promise<string | null>;
  toolbar?: "always" | "focus" | "none";
  autoFocus?: boolean;
  handleRef?: React.MutableRefObject<RichTextHandle | null>;
  contentClassName?: string;
}

/** What a page holds of a mounted editor; `reset` shows a state put in without a transaction. */
function handleOf(view: EditorView, reset: (state: EditorState) => void): RichTextHandle {
  return {
    clear() {
      reset(EditorState.create({ doc: emptyDoc(), plugins: view.state.plugins }));
    },
    focus: () => view.focus(),
    value: () => richTextValueOf(view.state.doc),
    insertHtml(html, mode) {
      const doc = parseHtml(html);
      const { tr } = view.state;
      if (mode === "document" || isDocEmpty(view.state.doc)) tr.replaceWith(0, tr.doc.content.size, doc.content);
      else tr.replaceSelection(new Slice(doc.content, 0, 0));
      view.dispatch(tr.scrollIntoView());
      view.focus();
    },
  };
}

/** The files of a paste or drop that are images. */
const imagesOf = (files: FileList | undefined) => [...(files ?? [])].filter((file) => file.type.startsWith("image/"));

/** Mounts the editor on `mountRef` and keeps the state React renders from. */
export function useRichTextEditor({
  initialHtml,
  initialJson,
  editable = true,
  placeholder: placeholderText = "",
  ariaLabel,
  onChange,
  onBlur,
  onSubmit,
  uploadImage,
  autoFocus = false,
  handleRef,
  contentClassName = "",
  issueSearch,
}: RichTextEditorProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [state, setState] = useState<EditorState | null>(null);
  const [uploading, setUploading] = useState(false);
  const latest = useRef({ onChange, onBlur, onSubmit, placeholderText, editable, uploadImage, issueSearch });
  latest.current = { onChange, onBlur, onSubmit, placeholderText, editable, uploadImage, issueSearch };
  // The suggestion list fills this in on every render; the plugin reads it on a key press.
  const control = useRef<SuggestControl | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is created once; later props are read through refs.
  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const submit = () => {
      if (!latest.current.onSubmit) return false;
      latest.current.onSubmit();
      return true;
    };
    const dropImages = (files: File[]) => {
      if (files.length === 0 || !latest.current.uploadImage) return false;
      void insertImage(files[0]);
      return true;
    };
    const view = new EditorView(mount, {
      state: EditorState.create({
        doc: initialDoc(initialHtml, initialJson),
        plugins: [suggestions(control, () => latest.current.issueSearch?.identifier), blockShortcuts(), ...keymaps(submit), history(), placeholder(() => latest.current.placeholderText)],
      }),
      editable: () => latest.current.editable,
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": ariaLabel,
        class: `outline-none whitespace-pre-wrap [font-variant-ligatures:none] ${contentClassName}`,
      },
      handlePaste: (_view, event) => dropImages(imagesOf(event.clipboardData?.files)),
      handleDrop(_view, event) {
        if (!dropImages(imagesOf((event as DragEvent).dataTransfer?.files))) return false;
        event.preventDefault();
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
      handleRef.current = handleOf(view, (fresh) => {
        view.updateState(fresh);
        setState(fresh);
        latest.current.onChange?.(richTextValueOf(fresh.doc));
      });
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

  /** Uploads an image and puts it at the selection once its URL is back. */
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

  /** Runs a command on the document and gives the editor the focus back. */
  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch);
    view.focus();
  };

  return { mountRef, viewRef, state, control, uploading, insertImage, run, focus: () => viewRef.current?.focus() };
}

export type RichTextEditorState = ReturnType<typeof useRichTextEditor>;
