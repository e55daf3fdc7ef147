// The pieces every workspace settings page is built from: its title and the bordered sections.

export function SettingsTitle({ title, description, action }: { title: string; description?: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4 border-b border-neutral-200 pb-4">
      <div>
        <h1 className="text-lg font-semibold text-neutral-900">{title}</h1>
        {description ? <p className="mt-0.5 text-sm text-neutral-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function SettingsSection({
  children,
  tone = "plain",
  label,
}: {
  children: React.ReactNode;
  tone?: "plain" | "danger";
  label?: string;
}) {
  return (
    <section
      aria-label={label}
      className={`rounded-lg border p-4 sm:p-5 ${tone === "danger" ? "border-red-200 bg-red-50/40 dark:border-red-900/60 dark:bg-red-950/20" : "border-neutral-200 bg-surface"}`}
    >
      {children}
    </section>
  );
}

/** A settings page whose screen another piece of work brings. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div className="space-y-6">
      <SettingsTitle title={title} description={description} />
      <p className="rounded-lg border border-dashed border-neutral-300 px-4 py-10 text-center text-sm text-neutral-600">
        {title} is coming with its own screen.
      </p>
    </div>
  );
}
