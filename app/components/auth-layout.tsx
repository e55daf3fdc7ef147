// The centred card every page outside a workspace uses (sign-in, sign-up, workspace creation).
import { Link } from "@remix-run/react";

/** A text link on the account pages ("Create an account", "Forgot your password?"). */
export const authLinkClass = "font-medium text-brand-600 dark:text-brand-400 hover:text-brand-700 dark:hover:text-brand-300";

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="flex size-7 items-center justify-center rounded-lg bg-brand-500 text-white shadow-sm">
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
          <path d="M5 12.5 10 17.5 19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      {compact ? null : <span className="text-[15px] font-semibold tracking-tight text-neutral-900">Edge Tracker</span>}
    </span>
  );
}

export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  aside,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-neutral-50">
      <header className="flex h-16 items-center justify-between px-6">
        <Link to="/" aria-label="Edge Tracker home">
          <Logo />
        </Link>
        {aside}
      </header>
      <main className="flex flex-1 items-start justify-center px-6 pt-[8vh] pb-16">
        <div className="w-full max-w-sm">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{title}</h1>
          {subtitle ? <p className="mt-1.5 text-sm text-neutral-500">{subtitle}</p> : null}
          <div className="mt-8 rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm">{children}</div>
          {footer ? <div className="mt-6 text-center text-sm text-neutral-500">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}
