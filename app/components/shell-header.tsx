// The header every shell page shows: breadcrumbs, a left slot after them, a right slot; it can
// be hidden.
import { Link, type Params } from "@remix-run/react";
import { Fragment } from "react";
import { IconChevronRight, IconMenu } from "./icons";
import { useWorkspaceShell } from "./workspace-context";

export interface Crumb {
  label: React.ReactNode;
  to?: string;
}

/** Pages under the project shell name themselves in the breadcrumbs with `handle.crumb`. */
export interface ProjectPageHandle {
  crumb?: string | ((params: Params) => string);
  /** Several crumbs (with links), built from the page's params and loader data. */
  crumbs?: (params: Params, data: unknown) => Crumb[];
}

export function ShellHeader({
  breadcrumbs,
  left,
  right,
  hidden = false,
}: {
  breadcrumbs: Crumb[];
  left?: React.ReactNode;
  right?: React.ReactNode;
  hidden?: boolean;
}) {
  const { openSidebar } = useWorkspaceShell();
  if (hidden) return null;
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-3 border-b border-neutral-200 bg-surface/90 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        onClick={openSidebar}
        className="-ml-1 rounded-md p-1.5 text-neutral-500 hover:bg-neutral-100 md:hidden"
        aria-label="Open sidebar"
      >
        <IconMenu size={18} />
      </button>
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex min-w-0 items-center gap-1.5 text-sm">
          {breadcrumbs.map((crumb, index) => {
            const last = index === breadcrumbs.length - 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: breadcrumbs are positional; nothing reorders them.
              <Fragment key={index}>
                {index > 0 ? (
                  <li aria-hidden="true" className="text-neutral-300">
                    <IconChevronRight size={14} />
                  </li>
                ) : null}
                <li className="flex min-w-0 items-center">
                  {crumb.to && !last ? (
                    <Link to={crumb.to} className="truncate text-neutral-500 hover:text-neutral-900">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span className="truncate font-medium text-neutral-900" aria-current={last ? "page" : undefined}>
                      {crumb.label}
                    </span>
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      </nav>
      {left ? <div className="flex min-w-0 items-center gap-2">{left}</div> : null}
      <div className="ml-auto flex shrink-0 items-center gap-2">{right}</div>
    </header>
  );
}
