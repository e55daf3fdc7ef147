// The ProseMirror editor of descriptions and comments. Loaded lazily (editor/index.tsx) so pages
// ship it only when a rich-text field is on screen. It reports ProseMirror JSON plus the HTML the
// schema serialises to (the server sanitises that HTML again before storing it). The view and its
// plugins live in useRichTextEditor; this file lays out the toolbar, the text and the @/#/key list.
import { proseClass } from "./prose";
import { SuggestionMenu } from "./suggestion-menu";
import { Toolbar } from "./toolbar";
import { useFocusWithin } from "./use-focus-within";
import { type RichTextEditorProps, useRichTextEditor } from "./use-rich-text-editor";
import { useSuggestions } from "./use-suggestions";

export type { RichTextEditorProps, RichTextHandle } from "./use-rich-text-editor";

export default function RichTextEditor(props: RichTextEditorProps) {
  const { editable = true, toolbar = "focus", mentions = [], tags = [], issueSearch, uploadImage } = props;
  const focus = useFocusWithin(toolbar === "focus");
  const editor = useRichTextEditor(props);
  const suggest = useSuggestions(editor, focus.wrapperRef, mentions, tags, issueSearch);
  const { state } = editor;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: tracks where the focus is; not a control.
    <div ref={focus.wrapperRef} className="relative" onFocus={focus.onFocus} onBlur={focus.onBlur}>
      {editable && toolbar !== "none" && state ? (
        <Toolbar
          state={state}
          hidden={toolbar === "focus" && !focus.within}
          run={editor.run}
          focusEditor={editor.focus}
          canUpload={Boolean(uploadImage)}
          uploading={editor.uploading}
          insertImage={editor.insertImage}
        />
      ) : null}
      <div
        ref={editor.mountRef}
        className={`${proseClass} [&_.pm-placeholder]:before:pointer-events-none [&_.pm-placeholder]:before:float-left [&_.pm-placeholder]:before:h-0 [&_.pm-placeholder]:before:text-neutral-400 [&_.pm-placeholder]:before:content-[attr(data-placeholder)] [&_img.ProseMirror-separator]:!m-0 [&_img.ProseMirror-separator]:!inline [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-brand-400`}
      />
      {suggest.popup ? (
        <SuggestionMenu char={suggest.char} items={suggest.items} index={suggest.index} position={suggest.popup} onChoose={suggest.choose} onHover={suggest.hover} />
      ) : null}
    </div>
  );
}
