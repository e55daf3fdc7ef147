// A person's round avatar (the issue views' own) and a stack of at most a few of them with "+N"
// for the rest.
import type { CycleResponse } from "~/lib/cycles-page-contract";
import { Avatar } from "../issue-views/parts";
import { ASSIGNEE_STACK_MAX, personName } from "./cycle-format";

type Person = NonNullable<CycleResponse["owned_by_detail"]>;

/** A person's avatar, drawn as the issue views draw people. */
export function PersonAvatar({ id, name, avatar, size = "sm" }: { id: string; name: string; avatar: string; size?: "xs" | "sm" }) {
  return <Avatar member={{ id, name, avatar }} size={size} />;
}

/** The owner: avatar and first name. */
export function Owner({ person }: { person: Person | null }) {
  if (!person) return <span className="text-xs text-neutral-500">No owner</span>;
  const name = personName(person);
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-xs text-neutral-700">
      <PersonAvatar id={person.id} name={name} avatar={person.avatar} />
      <span className="truncate">{person.first_name || name}</span>
    </span>
  );
}

/** The cycle's assignees: at most four avatars, then "+N"; named for screen readers. */
export function AssigneeStack({ people }: { people: Person[] }) {
  if (people.length === 0) return <span className="text-xs text-neutral-500">No assignees</span>;
  const names = people.map(personName).join(", ");
  return (
    <span className="flex -space-x-1" role="img" aria-label={`Assignees: ${names}`} title={names}>
      {people.slice(0, ASSIGNEE_STACK_MAX).map((person) => (
        <PersonAvatar key={person.id} id={person.id} name={personName(person)} avatar={person.avatar} />
      ))}
      {people.length > ASSIGNEE_STACK_MAX ? (
        <span className="flex size-5 items-center justify-center rounded-full bg-neutral-200 text-[9px] font-medium text-neutral-700 ring-2 ring-surface">
          +{people.length - ASSIGNEE_STACK_MAX}
        </span>
      ) : null}
    </span>
  );
}
