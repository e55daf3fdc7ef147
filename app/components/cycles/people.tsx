// A person's round avatar (their picture, else their initial on a colour of their own) and a
// stack of at most a few of them with "+N" for the rest.
import type { CycleResponse } from "~/lib/cycles-page-contract";
import { ASSIGNEE_STACK_MAX, personName } from "./cycle-format";

type Person = NonNullable<CycleResponse["owned_by_detail"]>;

const COLORS = ["bg-sky-600", "bg-violet-600", "bg-emerald-700", "bg-amber-700", "bg-rose-600", "bg-indigo-600"];

function colorFor(id: string) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length];
}

export function PersonAvatar({ id, name, avatar, size = "sm" }: { id: string; name: string; avatar: string; size?: "xs" | "sm" }) {
  const sizing = size === "xs" ? "size-4 text-[8px]" : "size-5 text-[10px]";
  if (avatar) return <img src={avatar} alt="" className={`${sizing} shrink-0 rounded-full object-cover ring-2 ring-surface`} />;
  return (
    <span
      aria-hidden="true"
      className={`${sizing} flex shrink-0 items-center justify-center rounded-full font-semibold text-white uppercase ring-2 ring-surface ${colorFor(id)}`}
    >
      {name.slice(0, 1) || "?"}
    </span>
  );
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
