// A project's emoji (a code point string such as "128640"), its icon in its colour, or its
// initial on a coloured square.
import { luminanceOf } from "~/lib/contrast";
import { emojiOf } from "~/lib/emoji";
import { type IconValue, iconHref, isProjectIcon } from "~/lib/project-icons";


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
  if (project.icon_prop && isProjectIcon(project.icon_prop.name)) {
    return <IconGlyph icon={project.icon_prop} className={`flex shrink-0 items-center justify-center bg-neutral-100 ${box}`} />;
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

/** An icon of the project icon set in its colour (drawn from the sprite, no icon code). */
export function IconGlyph({ icon, className = "", size = "70%" }: { icon: IconValue; className?: string; size?: string }) {
  // A near-black icon would vanish on the dark theme's surfaces: it gets a light chip there.
  const dark = (luminanceOf(icon.color) ?? 1) < 0.05;
  return (
    <span className={`${className} ${dark ? "rounded-md dark:bg-neutral-900" : ""}`} style={{ color: icon.color }} aria-hidden="true" data-icon={icon.name}>
      <svg width={size} height={size} aria-hidden="true" focusable="false">
        <use href={iconHref(icon.name)} />
      </svg>
    </span>
  );
}
