// Issues: create, read, list, update, bulk edit, delete, bulk delete and sub-issues. Every write checks the
// ids it names against the project (references.ts), runs as one batch with its activity rows
// (write-statements.ts) and tells the live board after the commit (publish.ts); whole lists are
// kept in memory between writes (list-cache.ts).
export { BULK_ISSUES_NOT_FOUND, bulkUpdateIssues } from "./bulk-update";
export { createIssue } from "./create";
export { bulkDeleteIssues, deleteIssue } from "./delete";
export type { IssueListScope } from "./list-cache";
export { type IssueListQuery, issueListQueryFromFilters, parseIssueListQuery } from "./list-query";
export { getIssue, listIssues, listIssuesWithAccess } from "./list";
export { ISSUE_NOT_FOUND, loadIssue } from "./load";
export { publishIssueDetail, publishIssues } from "./publish";
export { COMPLETED_CYCLE } from "./references";
export { createLabelOnIssue } from "./label-on-issue";
export { addSubIssues, listSubIssues } from "./sub-issues";
export { updateIssue } from "./update";
export { CHANGED_MEANWHILE } from "./write-statements";
