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

/** The columns of a user that others may see, as `memberColumns` reads them. */
export type MemberRow = Parameters<typeof memberDetailOf>[0];

/**
 * The people of each owner (a cycle, a module) from each owner's person ids (a JSON array, as
 * `json_group_array` reads them) and the people themselves, each owner's list in the order
 * `people` comes in. A person listed under many owners is one object in all of their lists, so a
 * page's data carries them once.
 */
export function membersByOwner(owners: readonly { owner: string; people: string }[], people: readonly MemberRow[]) {
  const ownersOf = new Map<string, string[]>();
  for (const { owner, people: ids } of owners) {
    for (const person of JSON.parse(ids) as string[]) {
      const list = ownersOf.get(person);
      if (list) list.push(owner);
      else ownersOf.set(person, [owner]);
    }
  }
  const byOwner = new Map<string, MemberDetail[]>();
  for (const person of people) {
    const detail = memberDetailOf({ ...person, is_bot: Boolean(person.is_bot) });
    for (const owner of ownersOf.get(person.id) ?? []) {
      const list = byOwner.get(owner);
      if (list) list.push(detail);
      else byOwner.set(owner, [detail]);
    }
  }
  return byOwner;
}

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
