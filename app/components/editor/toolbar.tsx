// The editor's formatting toolbar: headings, marks, lists, quote, code block, link and image.
import { setBlockType, toggleMark, wrapIn } from "prosemirror-commands";
import type { MarkType } from "prosemirror-model";
import { liftListItem, wrapInList } from "prosemirror-schema-list";
import type { Command, EditorState } from "prosemirror-state";
import { useRef, useState } from "react";
import { Spinner } from "../ui";
import { LinkField, linkCommand } from "./link-field";
import { schema } from "./schema";
import { ToolbarButton, svg } from "./toolbar-button";

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

/** The toolbar over the editor; `hidden` keeps it mounted (its link field too) while unseen. */
export function Toolbar({
  state: s,
  hidden,
  run,
  focusEditor,
  canUpload,
  uploading,
  insertImage,
}: {
  state: EditorState;
  hidden: boolean;
  run(command: Command): void;
  focusEditor(): void;
  canUpload: boolean;
  uploading: boolean;
  insertImage(file: File): Promise<void>;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);

  function applyLink() {
    const command = linkCommand(linkUrl.trim());
    setLinkOpen(false);
    setLinkUrl("");
    if (command) run(command);
  }

  return (
    <div role="toolbar" aria-label="Formatting" className={`mb-1 flex-wrap items-center gap-0.5 border-b border-neutral-100 pb-1 ${hidden ? "hidden" : "flex"}`}>
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
      {canUpload ? (
        <ToolbarButton label="Insert image" disabled={uploading} onRun={() => fileRef.current?.click()}>
          {uploading ? <Spinner className="size-3.5" /> : svg(<><rect x="3" y="3" width="18" height="18" rx="2" /><circle cx="9" cy="9" r="2" /><path d="m21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21" /></>)}
        </ToolbarButton>
      ) : null}
      {linkOpen ? (
        <LinkField
          value={linkUrl}
          onChange={setLinkUrl}
          onApply={applyLink}
          onClose={() => {
            setLinkOpen(false);
            focusEditor();
          }}
        />
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
  );
}
