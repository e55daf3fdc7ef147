// One titled card of the profile page.
import type { ReactNode } from "react";

export function ProfileSection({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 rounded-xl border border-neutral-200 bg-surface shadow-xs">
      <header className="border-b border-neutral-100 px-5 py-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-base font-semibold text-neutral-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-neutral-500">{description}</p>
      </header>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
