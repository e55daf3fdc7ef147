// A project's emoji (a code point string such as "128640"), its icon, or its initial.

/** "128640" or "9757-65039" -> the emoji characters. */
export function emojiOf(codePoints: string | null | undefined) {
  if (!codePoints) return null;
  try {
    return String.fromCodePoint(...codePoints.split("-").map((part) => Number.parseInt(part, 10)));
  } catch {
    return null;
  }
}

export function ProjectIcon({
  project,
  size = "md",
}: {
  project: { name: string; emoji: string | null; icon_prop?: { name: string; color: string } | null };
  size?: "sm" | "md" | "lg";
}) {
  const box = size === "sm" ? "size-5 text-sm rounded" : size === "lg" ? "size-10 text-2xl rounded-lg" : "size-7 text-lg rounded-md";
  const emoji = emojiOf(project.emoji);
  if (emoji) {
    return (
      <span className={`flex shrink-0 items-center justify-center leading-none ${box}`} aria-hidden="true">
        {emoji}
      </span>
    );
  }
  const color = project.icon_prop?.color ?? "#3f76ff";
  return (
    <span
      className={`flex shrink-0 items-center justify-center font-semibold text-white uppercase ${box} ${size === "sm" ? "text-[10px]" : "text-xs"}`}
      style={{ backgroundColor: color }}
      aria-hidden="true"
    >
      {project.name.slice(0, 1)}
    </span>
  );
}
