// Markdown (GitHub bodies, AI answers) to HTML; issues and blocks store HTML. The parser is loaded
// on first use only, so request paths that never meet markdown never pay for it. Callers sanitise
// the HTML like every description.
import type { Marked } from "marked";

let parser: Promise<Marked> | null = null;

function loadParser(): Promise<Marked> {
  parser ??= import("marked").then(({ Marked }) => new Marked({ gfm: true, breaks: true, async: false }));
  return parser;
}

/** GitHub-flavoured markdown (tables, task lists, line breaks as GitHub shows them) as HTML. */
export async function markdownToHtml(markdown: string | null | undefined): Promise<string> {
  if (!markdown || markdown.trim() === "") return "";
  const marked = await loadParser();
  return marked.parse(markdown, { async: false }).trim();
}
