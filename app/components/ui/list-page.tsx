// The frame of the project's list screens (cycles, modules, views, pages): the header with the
// title, the count and the actions, the display toggle, the create button, the empty state and
// the favourite star of a row.
// Two header looks exist: a toolbar bar over a full-height list (modules, views) and a page title
// over a centred column (cycles, pages).
import type { ComponentType, ReactNode } from "react";
import { IconPlus, IconStar } from "~/components/icons";
import { InlineState } from "~/components/shell-states";
import { buttonClass } from "./base";

/**
 * A list screen's header. `bar` puts the title, the count ("3 modules") and the actions in one row
 * under a border; `page` puts a large title on the left and the actions on the right.
 */
export function ListHeader({
  title,
  look,
  count,
  noun,
  children,
}: {
  title: string;
  look: "bar" | "page";
  /** How many items the list holds, said with `noun` (singular; an "s" is added for other counts). */
  count?: number;
  noun?: string;
  /** The display toggle and the actions. */
  children?: ReactNode;
}) {
  if (look === "page") {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
        <div className="flex items-center gap-2">{children}</div>
      </div>
    );
  }
  return (
    <div className="flex min-h-12 shrink-0 items-center gap-3 border-b border-neutral-200 px-4 py-2 sm:px-6">
      <h1 className="text-sm font-semibold text-neutral-900">{title}</h1>
      {count !== undefined && noun ? (
        <span className="text-xs text-neutral-500">
          {count} {noun}
          {count === 1 ? "" : "s"}
        </span>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The buttons that choose how a list is drawn, one pressed. With icons each button shows its
 * mode's icon and is named by its label; without, each shows its label.
 */
export function DisplayToggle<Mode extends string>({
  legend,
  modes,
  value,
  onChange,
  labels,
  icons,
  className = "",
}: {
  legend: string;
  modes: readonly Mode[];
  value: Mode;
  onChange(mode: Mode): void;
  labels: Record<Mode, string>;
  icons?: Record<Mode, ComponentType<{ size?: number }>>;
  className?: string;
}) {
  const frame = icons ? "flex items-center rounded-md border border-neutral-200 bg-surface p-0.5" : "flex rounded-md border border-neutral-200 p-0.5";
  return (
    <fieldset className={className ? `${className} ${frame}` : frame}>
      <legend className="sr-only">{legend}</legend>
      {modes.map((mode) => {
        const pressed = mode === value;
        if (!icons) {
          return (
            <button
              key={mode}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(mode)}
              className={`rounded px-2.5 py-1 text-xs font-medium ${pressed ? "bg-neutral-100 text-neutral-900" : "text-neutral-600 hover:text-neutral-900"}`}
            >
              {labels[mode]}
            </button>
          );
        }
        const ModeIcon: ComponentType<{ size?: number }> = icons[mode];
        return (
          <button
            key={mode}
            type="button"
            aria-pressed={pressed}
            aria-label={labels[mode]}
            title={labels[mode]}
            onClick={() => onChange(mode)}
            className={`inline-flex size-7 items-center justify-center rounded ${
              pressed ? "bg-neutral-100 text-neutral-900" : "text-neutral-500 hover:text-neutral-900"
            }`}
          >
            <ModeIcon size={15} />
          </button>
        );
      })}
    </fieldset>
  );
}

/** A list's primary "Create ..." button; `onPreload` fetches the dialog's code on hover or focus. */
export function CreateButton({
  label,
  onClick,
  onPreload,
  size = "sm",
  className = "",
}: {
  label: string;
  onClick(): void;
  onPreload?(): void;
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <button type="button" onClick={onClick} onPointerEnter={onPreload} onFocus={onPreload} className={buttonClass("primary", size, className)}>
      <IconPlus size={size === "sm" ? 14 : 16} />
      {label}
    </button>
  );
}

/**
 * An empty list: its icon, what the list is for, and the create button for those who may. `page`
 * is a dashed box inside the page's column (cycles, pages); `screen` fills the list's area.
 */
export function EmptyList({
  look = "screen",
  icon,
  title,
  description: creatorDescription,
  readOnlyDescription = creatorDescription,
  create,
}: {
  look?: "screen" | "page";
  icon: ReactNode;
  title: string;
  /** What the list is for, said to someone who may create its first item. */
  description: string;
  /** What someone who may not create reads instead (without `create`). */
  readOnlyDescription?: string;
  create?: { label: string; onClick(): void; onPreload?(): void };
}) {
  const description = create ? creatorDescription : readOnlyDescription;
  if (look === "page") {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-neutral-300 px-6 py-14 text-center">
        <span className="mb-4 flex size-12 items-center justify-center rounded-xl bg-surface text-neutral-500 shadow-sm ring-1 ring-neutral-200">{icon}</span>
        <h2 className="text-lg font-semibold text-neutral-900">{title}</h2>
        <p className="mt-1.5 max-w-md text-sm text-neutral-600">{description}</p>
        {create ? <CreateButton {...create} className="mt-5" /> : null}
      </div>
    );
  }
  return (
    <InlineState icon={icon} title={title} description={description}>
      {create ? <CreateButton {...create} size="md" /> : null}
    </InlineState>
  );
}

/**
 * The favourite star of a list row: filled amber when `favorite`, named after the row for screen
 * readers, and disabled with a waiting cursor while `busy`. `small` is the cycles' denser size.
 */
export function FavoriteStar({
  name,
  favorite,
  onToggle,
  busy,
  small = false,
  className = "",
}: {
  name: string;
  favorite: boolean;
  onToggle(favorite: boolean): void;
  busy?: boolean;
  small?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      title={favorite ? "Remove from favorites" : "Add to favorites"}
      disabled={busy}
      onClick={() => onToggle(!favorite)}
      className={`flex ${small ? "size-7" : "size-8"} items-center justify-center rounded-md transition-colors hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-wait ${
        favorite ? "text-amber-500" : "text-neutral-500 hover:text-neutral-800"
      } ${className}`}
    >
      <IconStar size={small ? 15 : 16} style={{ fill: favorite ? "currentColor" : "none" }} />
    </button>
  );
}
