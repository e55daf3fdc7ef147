// Project states: one default per project, no empty
// group, no state deleted while issues sit in it. Every rule is checked up front for a precise
// message, and the write itself repeats it as a SQL guard so two racing requests cannot break it.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { issues, states, type State, type StateGroup } from "../../drizzle/schema";
import { runBatch } from "../lib/batch";
import { isUniqueViolation } from "../lib/d1-errors";
import { parseInput } from "../lib/validation";
import { ROLE, projectAccess } from "./access";
import { type OrderKey, type PageRequest, readPage } from "./list-page";
import type { ActorContext } from "./context";
import { Conflict, Invalid, NotFound } from "./errors";
import { STATE_SEQUENCE_STEP } from "./projects";
import {
  CreateStateInput,
  DEFAULT_STATE_REQUIRED,
  LAST_STATE_OF_GROUP_MOVE,
  PatchStateInput,
  PutStateInput,
  STATE_GROUPS,
  STATE_HAS_ISSUES,
  STATE_NAME_TAKEN,
  STATE_NOT_FOUND,
  type StateMoveDirection,
  stateDeleteRefusal,
} from "./schemas/states";

export function stateOf(state: State) {
  return {
    id: state.id,
    name: state.name,
    description: state.description,
    color: state.color,
    group: state.group,
    default: state.default,
    sequence: state.sequence,
    project: state.project_id,
    workspace: state.workspace_id,
    created_by: state.created_by,
    created_at: state.created_at,
    updated_at: state.updated_at,
  };
}

export type StateView = ReturnType<typeof stateOf>;

function publishStates(ctx: ActorContext, projectId: string, rows: State[]) {
  for (const row of rows) ctx.effects.publish(projectId, { kind: "state", op: "upsert", id: row.id, row: stateOf(row) });
}

const STATE_ORDER: OrderKey<State>[] = [
  { by: states.sequence, dir: "asc", of: (state) => state.sequence },
  { by: states.id, dir: "asc", of: (state) => state.id },
];

/** One page of a project's states (small by construction, still capped), plain or by group. */
export async function listStates(ctx: ActorContext, slug: string, projectId: string, page: PageRequest, groupBy?: string) {
  await projectAccess(ctx, slug, projectId);
  if (groupBy !== undefined && groupBy !== "group") {
    throw Invalid.field("group_by", "States can only be grouped by group.");
  }
  const read = await readPage(page, STATE_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select()
      .from(states)
      .where(and(eq(states.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  const views = read.rows.map(stateOf);
  if (groupBy !== "group") return { rows: views, next_cursor: read.next_cursor };
  const grouped = Object.fromEntries(STATE_GROUPS.map((group) => [group, [] as StateView[]])) as Record<StateGroup, StateView[]>;
  for (const view of views) grouped[view.group].push(view);
  return { rows: grouped, next_cursor: read.next_cursor };
}

async function loadState(ctx: ActorContext, projectId: string, stateId: string) {
  const [state] = await ctx.db
    .select()
    .from(states)
    .where(and(eq(states.id, stateId), eq(states.project_id, projectId)))
    .limit(1);
  if (!state) throw new NotFound(STATE_NOT_FOUND);
  return state;
}

export async function getState(ctx: ActorContext, slug: string, projectId: string, stateId: string) {
  await projectAccess(ctx, slug, projectId);
  return stateOf(await loadState(ctx, projectId, stateId));
}

async function nameTaken(ctx: ActorContext, projectId: string, name: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.project_id, projectId), eq(states.name, name), exceptId ? ne(states.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

async function groupSize(ctx: ActorContext, projectId: string, group: StateGroup) {
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(states)
    .where(and(eq(states.project_id, projectId), eq(states.group, group)));
  return total;
}

/** SQL guard: the group still has another state besides the one being changed. */
const groupHasOthers = (projectId: string, group: StateGroup) =>
  sql`(SELECT count(*) FROM ${states} AS others WHERE others.project_id = ${projectId} AND others."group" = ${group}) > 1`;

/**
 * The other states of the project lose the default flag, but only if `stateId` really is the
 * default once the batch has run (its own statement may have been refused by a guard).
 */
function clearOtherDefaults(ctx: ActorContext, projectId: string, stateId: string) {
  return ctx.db
    .update(states)
    .set({ default: false })
    .where(
      and(
        eq(states.project_id, projectId),
        eq(states.default, true),
        ne(states.id, stateId),
        sql`EXISTS (SELECT 1 FROM ${states} AS chosen WHERE chosen.id = ${stateId} AND chosen."default" = 1)`,
      ),
    )
    .returning();
}

export async function createState(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const { project } = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateStateInput, input);
  if (await nameTaken(ctx, projectId, data.name)) throw Invalid.field("name", STATE_NAME_TAKEN);
  const stateId = crypto.randomUUID();
  const insert = ctx.db
    .insert(states)
    .values({
      ...data,
      id: stateId,
      workspace_id: project.workspace_id,
      project_id: projectId,
      // Computed inside the insert so two concurrent creates still land after every existing state.
      sequence:
        data.sequence ??
        sql`(SELECT coalesce(max(${states.sequence}), 0) + ${STATE_SEQUENCE_STEP} FROM ${states} WHERE ${states.project_id} = ${projectId})`,
      created_by: ctx.actor.id,
    })
    .returning();
  let created: State;
  let previousDefaults: State[] = [];
  try {
    if (data.default) {
      const [inserted, cleared] = (await runBatch(ctx.db, [insert, clearOtherDefaults(ctx, projectId, stateId)])) as [State[], State[]];
      [created] = inserted;
      previousDefaults = cleared;
    } else {
      [created] = await insert;
    }
  } catch (error) {
    if (isUniqueViolation(error, "states.name")) throw Invalid.field("name", STATE_NAME_TAKEN);
    throw error;
  }
  publishStates(ctx, projectId, [...previousDefaults, created]);
  return stateOf(created);
}

async function assertUpdatable(ctx: ActorContext, projectId: string, state: State, data: z.output<typeof PatchStateInput>) {
  if (data.default === false && state.default) throw Invalid.field("default", DEFAULT_STATE_REQUIRED);
  if (data.name !== undefined && data.name !== state.name && (await nameTaken(ctx, projectId, data.name, state.id))) {
    throw Invalid.field("name", STATE_NAME_TAKEN);
  }
  if (data.group !== undefined && data.group !== state.group && (await groupSize(ctx, projectId, state.group)) <= 1) {
    throw Invalid.field("group", LAST_STATE_OF_GROUP_MOVE);
  }
}

export async function updateState(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  stateId: string,
  input: unknown,
  { replace = false }: { replace?: boolean } = {},
) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(replace ? PutStateInput : PatchStateInput, input);
  const state = await loadState(ctx, projectId, stateId);
  await assertUpdatable(ctx, projectId, state, data);
  const leavesGroup = data.group !== undefined && data.group !== state.group;

  const update = ctx.db
    .update(states)
    .set({ ...data, updated_at: new Date().toISOString() })
    .where(
      and(
        eq(states.id, stateId),
        eq(states.project_id, projectId),
        leavesGroup ? groupHasOthers(projectId, state.group) : undefined,
        // The default flag may only leave this state by another state taking it.
        data.default === false ? eq(states.default, false) : undefined,
      ),
    )
    .returning();
  let updated: State | undefined;
  let previousDefaults: State[] = [];
  try {
    if (data.default === true && !state.default) {
      const [rows, cleared] = (await runBatch(ctx.db, [update, clearOtherDefaults(ctx, projectId, stateId)])) as [State[], State[]];
      [updated] = rows;
      previousDefaults = cleared;
    } else {
      [updated] = await update;
    }
  } catch (error) {
    if (isUniqueViolation(error, "states.name")) throw Invalid.field("name", STATE_NAME_TAKEN);
    throw error;
  }
  if (!updated) {
    // A guard refused the write: the state changed or vanished since it was read. Say which rule holds now.
    await assertUpdatable(ctx, projectId, await loadState(ctx, projectId, stateId), data);
    throw new Conflict("The state changed while it was being saved. Please try again.");
  }
  publishStates(ctx, projectId, [...previousDefaults, updated]);
  return stateOf(updated);
}

async function assertDeletable(ctx: ActorContext, projectId: string, state: State) {
  const refusal = stateDeleteRefusal(state, await groupSize(ctx, projectId, state.group));
  if (refusal) throw new Invalid(refusal);
  const [issue] = await ctx.db.select({ id: issues.id }).from(issues).where(eq(issues.state_id, state.id)).limit(1);
  if (issue) throw new Invalid(STATE_HAS_ISSUES);
}

export async function deleteState(ctx: ActorContext, slug: string, projectId: string, stateId: string) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const state = await loadState(ctx, projectId, stateId);
  await assertDeletable(ctx, projectId, state);
  // issues.state_id is ON DELETE RESTRICT as well; the guard below gives the precise message.
  const deleted = await ctx.db
    .delete(states)
    .where(
      and(
        eq(states.id, stateId),
        eq(states.project_id, projectId),
        eq(states.default, false),
        groupHasOthers(projectId, state.group),
        sql`NOT EXISTS (SELECT 1 FROM ${issues} WHERE ${issues.state_id} = ${stateId})`,
      ),
    )
    .returning({ id: states.id });
  if (deleted.length === 0) {
    // Refused by a guard: say which rule holds now.
    await assertDeletable(ctx, projectId, await loadState(ctx, projectId, stateId));
    throw new Conflict("The state changed while it was being deleted. Please try again.");
  }
  ctx.effects.publish(projectId, { kind: "state", op: "delete", id: stateId });
}

/**
 * The sequence that puts a state between two neighbours: halfway between them, or one sequence
 * step beyond the only neighbour when the state becomes the first (step below) or last (step
 * above) of its list. With no neighbour at all the sequence does not matter; one step is used.
 */
export function sequenceBetween(before: number | undefined, after: number | undefined): number {
  if (before !== undefined && after !== undefined) return (before + after) / 2;
  if (before !== undefined) return before + STATE_SEQUENCE_STEP;
  if (after !== undefined) return after - STATE_SEQUENCE_STEP;
  return STATE_SEQUENCE_STEP;
}

/**
 * The new sequence of `list[index]` moved one place up or down in `list` (sorted by sequence),
 * or null when it already sits at that end.
 */
export function movedSequence(list: readonly { sequence: number }[], index: number, direction: StateMoveDirection): number | null {
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= list.length) return null;
  // Its new neighbours: the state it jumps over, and the one beyond that (if any).
  const others = list.filter((_, position) => position !== index);
  const before = others[target - 1]?.sequence;
  const after = others[target]?.sequence;
  return sequenceBetween(before, after);
}

/** Moves a state one place up or down among the states of its group. */
export async function moveState(ctx: ActorContext, slug: string, projectId: string, stateId: string, direction: StateMoveDirection) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const state = await loadState(ctx, projectId, stateId);
  const group = await ctx.db
    .select({ id: states.id, sequence: states.sequence })
    .from(states)
    .where(and(eq(states.project_id, projectId), eq(states.group, state.group)))
    .orderBy(asc(states.sequence), asc(states.created_at));
  const sequence = movedSequence(
    group,
    group.findIndex((row) => row.id === stateId),
    direction,
  );
  if (sequence === null) return stateOf(state);
  return updateState(ctx, slug, projectId, stateId, { sequence });
}
