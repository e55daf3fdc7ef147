// The rich-text field pages use: server-rendered (sanitised) HTML first, then the ProseMirror
// editor, loaded on demand after hydration, takes its place with the same typography.
import { lazy, startTransition, useEffect, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { safeStoredHtml } from "../../../workers/domain/schemas/rich-text-policy";
import { type SuggestionItem, isEmptyHtml, proseClass } from "./prose";
import type { RichTextEditorProps, RichTextHandle } from "./rich-text-editor";

export type { RichTextEditorProps, RichTextHandle };
export { EMPTY_HTML, type IssueSearchScope, isEmptyHtml, proseClass, type RichTextValue, type SuggestionItem } from "./prose";

/**
 * What "@" and "#" offer in an editor: the project's members (by first name, with their address)
 * and labels (with their colour).
 */
export function editorSuggestions(
  members: readonly { id: string; first_name?: string | null; name: string; email?: string | null }[],
  labels: readonly { id: string; name: string; color?: string | null }[],
): { mentions: SuggestionItem[]; tags: SuggestionItem[] } {
  return {
    mentions: members.map((member) => ({ id: member.id, label: member.first_name || member.name, detail: member.email ?? undefined })),
    tags: labels.map((label) => ({ id: label.id, label: label.name, color: label.color ?? undefined })),
  };
}

const load = () => import("./rich-text-editor");
const LazyEditor = lazy(load);

/** Starts fetching the editor early (on hover or when a dialog is about to open). */
export function preloadEditor() {
  void load();
}

/**
 * HTML the server sanitised with its allow-list before storing it (workers/lib/sanitize-html.ts),
 * never HTML straight from a client. Its URLs and classes are held to the same rules again as it
 * is rendered, so a row stored before a rule existed cannot carry a script link onto the page.
 */
export function StaticRichText({
  html,
  placeholder,
  className = "",
}: {
  html: string | null | undefined;
  placeholder?: string;
  className?: string;
}) {
  if (isEmptyHtml(html)) {
    return <div className={`${proseClass} text-neutral-400 ${className}`}>{placeholder ? <p>{placeholder}</p> : null}</div>;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML, URLs checked again, see above.
  return <div className={`${proseClass} ${className}`} dangerouslySetInnerHTML={{ __html: safeStoredHtml(html ?? "") }} />;
}

/**
 * The editor takes the static field's place in a render of its own, after the one that showed the
 * field has painted: a dialog that opens with a title to type (the issue modal) is ready for it
 * without waiting for ProseMirror to build its view.
 */
export function RichText(props: RichTextEditorProps & { fallbackClassName?: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  const fallback = (
    <StaticRichText html={props.initialHtml} placeholder={props.placeholder} className={props.fallbackClassName ?? props.contentClassName} />
  );
  if (!mounted) return fallback;
  return (
    <Suspense fallback={fallback}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
