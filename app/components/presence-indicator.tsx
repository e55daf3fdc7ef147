// Who else is looking at this project right now (from the live board socket).
import type { PresenceUser } from "../../durable-objects/protocol";
import type { BoardStatus } from "~/hooks/use-project-board";

const AVATAR_COLORS = ["bg-sky-500", "bg-violet-500", "bg-emerald-500", "bg-amber-500", "bg-rose-500", "bg-indigo-500"];

function colorFor(id: string) {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
}

export function PresenceIndicator({ users, status }: { users: PresenceUser[]; status: BoardStatus }) {
  const count = users.length;
  const label =
    status === "open"
      ? `${count} ${count === 1 ? "person" : "people"} viewing`
      : status === "offline"
        ? "Offline"
        : status === "closed"
          ? "Live updates stopped"
          : "Connecting...";
  return (
    <div className="flex items-center gap-2" role="status" aria-label={label} title={users.map((user) => user.name).join(", ")}>
      {status === "open" && count > 0 ? (
        <div className="flex -space-x-1.5" aria-hidden="true">
          {users.slice(0, 3).map((user) => (
            <span
              key={user.userId}
              className={`flex size-6 items-center justify-center rounded-full text-[10px] font-semibold text-white uppercase ring-2 ring-surface ${colorFor(user.userId)}`}
            >
              {user.name.slice(0, 1)}
            </span>
          ))}
        </div>
      ) : null}
      <span className="inline-flex items-center gap-1.5 text-xs text-neutral-500" aria-hidden="true">
        <span
          className={`size-1.5 rounded-full ${status === "open" ? "bg-emerald-500" : status === "connecting" ? "bg-amber-400" : "bg-neutral-300"}`}
        />
        {status === "open" ? `${count} viewing` : label}
      </span>
    </div>
  );
}
