// Shapes shared by several resources' responses.
import { type Json, type User, users } from "../../drizzle/schema";
import { pick } from "../lib/pick";

/** The signed-in user as /api/users/me/ shows them. */
export function meOf(user: User) {
  return {
    ...memberDetailOf(user),
    theme: user.theme ?? null,
    // Whether the person opened the link mailed to their address (invitations need it).
    is_email_verified: user.email_verified_at !== null,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

/** A user as seen by other members (member, actor_detail, assignee_details...). */
export function memberDetailOf(user: Pick<User, "id" | "email" | "first_name" | "last_name" | "display_name" | "avatar" | "is_bot">) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    avatar: user.avatar,
    is_bot: user.is_bot,
  };
}

export type MemberDetail = ReturnType<typeof memberDetailOf>;

/** How a person is named to others in mail: their names, else their display name, else their address. */
export function personLabelOf(person: Pick<User, "email" | "first_name" | "last_name" | "display_name">) {
  return [person.first_name, person.last_name].join(" ").trim() || person.display_name || person.email;
}

/**
 * The users columns `memberDetailOf` needs, to select without the rest of the row (a password
 * hash never leaves D1) and under names that do not collide with the other columns of a batch:
 * D1 answers batched rows as objects keyed by column name.
 */
export const memberColumns = {
  id: users.id,
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  display_name: users.display_name,
  avatar: users.avatar,
  is_bot: users.is_bot,
};

/** What a stored link of an issue or a module shows of itself, besides its owner and creator. */
export function linkFieldsOf<
  Link extends {
    id: string;
    title: string | null;
    url: string;
    metadata: Record<string, Json> | null;
    project_id: string;
    workspace_id: string;
    created_by: string | null;
    created_at: string;
  },
>(link: Link) {
  return {
    ...pick(link, ["id", "title", "url", "created_by", "created_at"]),
    metadata: link.metadata ?? {},
    project: link.project_id,
    workspace: link.workspace_id,
  };
}
