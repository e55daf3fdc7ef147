// The settings layout of a workspace or a project: a titled navigation of its pages (a column on
// wide screens, a scrolling row on narrow ones) beside the page that is open.
import { NavLink, Outlet } from "@remix-run/react";

export interface SettingsSection {
  /** The path below the settings root; "" is the root's own (General) page. */
  to: string;
  label: string;
}

export function SettingsLayout({ title, base, sections }: { title: string; base: string; sections: readonly SettingsSection[] }) {
  return (
    <div className="flex flex-1 flex-col bg-surface md:flex-row">
      <nav aria-label={title} className="shrink-0 overflow-x-auto border-b border-neutral-200 px-4 py-3 md:w-56 md:border-r md:border-b-0 md:py-4">
        <p className="hidden px-2 pb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase md:block">{title}</p>
        <ul className="flex gap-1 md:flex-col">
          {sections.map((section) => (
            <li key={section.label} className="shrink-0">
              <NavLink
                to={section.to ? `${base}/${section.to}` : base}
                end={section.to === ""}
                className={({ isActive }) =>
                  `block rounded-md px-2 py-1.5 text-sm whitespace-nowrap ${isActive ? "bg-neutral-100 font-medium text-neutral-900" : "text-neutral-600 hover:bg-neutral-50"}`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1 px-5 py-6 sm:px-8">
        <div className="mx-auto max-w-3xl">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
