// Who may change a comment, zod-free so the issue page can ask without the validation library:
// the domain refuses by this rule and the page shows a comment's actions by it.
import { ROLE } from "./constants";

/** The one asking: their project role (null outside the project) and whether they wrote the comment. */
export type CommentActor = { role: number | null; isAuthor: boolean };

/** Only a comment's author may delete it, and only while they may write in the project. */
export const canDeleteComment = ({ role, isAuthor }: CommentActor) => isAuthor && (role ?? 0) >= ROLE.member;

/** Editing a comment is allowed to the same people as deleting it. */
export const canEditComment = canDeleteComment;
