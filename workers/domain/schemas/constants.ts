// Constants of the issue model that every page needs: no zod here, so the browser code that ships
// with every issue page can import them without pulling in the validation library.
import type { Role, StateGroup } from "../../../drizzle/schema";

/** Roles at workspace and project level: reading needs membership, writing member, settings owner. */
export const ROLE = { owner: 20, member: 15, viewer: 10, guest: 5 } as const satisfies Record<string, Role>;
export const ROLES: readonly Role[] = [ROLE.owner, ROLE.member, ROLE.viewer, ROLE.guest];

export const PRIORITIES = ["urgent", "high", "medium", "low", "none"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** The five groups every state belongs to, in board order. */
export const STATE_GROUPS = ["backlog", "unstarted", "started", "completed", "cancelled"] as const satisfies readonly StateGroup[];
export type { StateGroup };

/** The groups of finished work (done or dropped): such an issue blocks nothing and is nobody's open work. */
export const CLOSED_STATE_GROUPS = ["completed", "cancelled"] as const satisfies readonly StateGroup[];
/** Whether a state of `group` (null: no state) is finished work. */
export const isClosedGroup = (group: string | null | undefined) => (CLOSED_STATE_GROUPS as readonly string[]).includes(group ?? "");

/** sort_order of the first row of a list (issues, labels, page blocks); each new row goes SORT_STEP past the highest. */
export const FIRST_SORT_ORDER = 65535;
export const SORT_STEP = 10000;

/** Estimate points are keyed 0..ESTIMATE_KEY_MAX. */
export const ESTIMATE_KEY_MAX = 7;
export const ESTIMATE_KEYS = Array.from({ length: ESTIMATE_KEY_MAX + 1 }, (_, key) => key);

/** Every workspace and every project keeps at least one owner: these refuse the change that would not. */
export const LAST_WORKSPACE_OWNER = "A workspace needs at least one owner.";
export const LAST_PROJECT_OWNER = "A project needs at least one owner.";
/** An integration's bot user comes and goes with its integration, never by hand. */
export const INTEGRATION_BOT_MEMBER = "This member is an integration's bot: remove the integration to remove it.";

/** A colour as #rgb or #rrggbb. */
export const HEX_COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The cookie in which the browser names its IANA time zone, so "today" is the user's day. */
export const TIME_ZONE_COOKIE = "tz";

/** What a person is told when a write failed for a reason they cannot fix. */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** How many issues one bulk edit changes at most (the browser sends a larger selection in parts). */
export const BULK_EDIT_MAX = 100;
