// Shared look and types of rich text, for the editor and for the server-rendered HTML it replaces
// once loaded (same classes, so nothing moves when the editor takes over). Client- and server-safe.

/**
 * Typography of descriptions and comments: 16 px base, headings 1-3. The box also clips what it
 * holds (overflow, paint containment, its own stacking context): nothing a user writes can be
 * drawn outside it or over the page around it.
 */
export const proseClass = [
  "text-base leading-relaxed text-neutral-800 break-words",
  "isolate overflow-hidden [contain:paint]",
  "[&_p]:my-1.5 [&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold",
  "[&_h3]:mt-3 [&_h3]:mb-1.5 [&_h3]:text-lg [&_h3]:font-semibold [&_ul]:my-1.5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-1.5 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li>p]:my-0.5 [&_blockquote]:my-2 [&_blockquote]:border-l-2 [&_blockquote]:border-neutral-300 [&_blockquote]:pl-3 [&_blockquote]:text-neutral-600",
  "[&_code]:rounded [&_code]:bg-neutral-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-rose-600",
  "[&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-neutral-900 [&_pre]:p-3 [&_pre]:text-neutral-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-neutral-100",
  "[&_a]:text-brand-600 [&_a]:underline [&_a]:underline-offset-2 [&_img]:my-1 [&_img]:inline-block [&_img]:max-w-full [&_img]:rounded-md [&_hr]:my-4 [&_hr]:border-neutral-200",
  "[&_.mention]:rounded [&_.mention]:bg-brand-50 [&_.mention]:px-1 [&_.mention]:font-medium [&_.mention]:text-brand-700",
  "[&_.tag]:rounded [&_.tag]:bg-amber-50 [&_.tag]:px-1 [&_.tag]:font-medium [&_.tag]:text-amber-700",
  "[&_a.issue]:rounded [&_a.issue]:bg-neutral-100 [&_a.issue]:px-1 [&_a.issue]:font-medium [&_a.issue]:text-neutral-700 [&_a.issue]:no-underline [&_a.issue:hover]:bg-neutral-200",
].join(" ");

/** What the editor reports on every change: JSON and HTML, both empty when nothing is written. */
export interface RichTextValue {
  json: Record<string, unknown>;
  html: string;
  empty: boolean;
}

export interface SuggestionItem {
  id: string;
  /** A member's name, a label's name or an issue's key ("DEMO-12"). */
  label: string;
  /** What the item is; members and labels are told apart by the list's trigger without it. */
  kind?: "issue";
  /** An issue's page (issue items). */
  href?: string;
  /** A colour dot (labels) or an initial (members) beside the label. */
  color?: string;
  detail?: string;
}

/** Where an editor's issue references come from: a project's issues, or the workspace's without one. */
export interface IssueSearchScope {
  workspaceSlug: string;
  projectId?: string;
  /** The project's identifier ("DEMO"): typing "DEMO-" offers its issues. */
  identifier?: string;
}

/** Mentions, tags and issue references are limited to 5 suggestions. */
export const SUGGESTION_LIMIT = 5;

/** An empty description is stored as one empty paragraph. */
export const EMPTY_HTML = "<p></p>";

export function isEmptyHtml(html: string | null | undefined) {
  if (!html) return true;
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() === "";
}
