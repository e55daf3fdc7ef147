// The tabs over a list page (pages, cycles): links that name the tab in `?tab=`, the first one
// being the bare path, so a tab survives a reload and the back button.
import { Link, useLocation } from "@remix-run/react";

export function ListTabs({ label, tabs, shownTab }: { label: string; tabs: readonly { key: string; label: string }[]; shownTab: string }) {
  const location = useLocation();
  return (
    <nav aria-label={label} className="mt-4 -mx-1 flex gap-1 overflow-x-auto border-b border-neutral-200 px-1">
      {tabs.map((tab, index) => {
        const current = shownTab === tab.key;
        return (
          <Link
            key={tab.key}
            to={index === 0 ? location.pathname : `?tab=${tab.key}`}
            preventScrollReset
            aria-current={current ? "page" : undefined}
            className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
              current ? "border-brand-600 text-brand-700 dark:text-brand-300" : "border-transparent text-neutral-600 hover:text-neutral-900"
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
