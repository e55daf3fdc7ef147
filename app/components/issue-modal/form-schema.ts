// The issue form is validated with CreateIssueInput, the schema the API and the domain parse.
// Conform turns an empty field into "missing", which CreateIssueInput reports with zod's generic
// "expected nonoptional" text; this error map gives a missing title 'Title is required' instead.
// Client-safe: the modal and the shell's action both parse through here.
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodErrorMap } from "zod/v4/core";
import { TITLE_REQUIRED } from "../../../workers/domain/schemas/common";
import { CreateIssueInput } from "../../../workers/domain/schemas/issues";

const issueFormErrors: $ZodErrorMap = (issue) =>
  issue.code === "invalid_type" && issue.input === undefined && issue.path?.[0] === "name" ? TITLE_REQUIRED : undefined;

export function parseIssueForm(formData: FormData) {
  return parseWithZod(formData, { schema: CreateIssueInput, error: issueFormErrors });
}
