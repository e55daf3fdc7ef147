// Rich text as the editor sends it, for tests that write comments and descriptions.
import type { Client } from "./api";

/** A ProseMirror document of one paragraph of `text`. */
export const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

/** The editor's `@` chip for `user`, as stored HTML holds it. */
export const mention = (user: Client) =>
  `<span data-type="mention" data-id="${user.user.id}" data-label="${user.user.first_name}" class="mention">@${user.user.first_name}</span>`;
