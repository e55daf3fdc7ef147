// Issue comment input schemas and messages: client-safe (zod only). A comment is ProseMirror JSON
// plus its HTML; whether it has content is decided by the domain after the HTML is sanitised.
import { z } from "zod";
import { richJsonRules } from "./common";

export const COMMENT_EMPTY = "Comment cannot be empty.";
export const COMMENT_NOT_AUTHOR = "Only the author can edit or delete this comment.";
export const COMMENT_NOT_FOUND = "Comment not found.";
export const COMMENT_HTML_MAX = 200_000;

const commentFields = {
  comment_json: z
    .record(z.string(), z.unknown(), { error: "Comment must be a JSON object." })
    .nullish()
    .transform(richJsonRules),
  comment_html: z
    .string({ error: "Comment must be HTML text." })
    .max(COMMENT_HTML_MAX, "Comment is too long.")
    .nullish(),
};

export const CreateCommentInput = z.object(commentFields);
export const UpdateCommentInput = z.object(commentFields);
