// Shared look of buttons and inputs, the spinner, and text truncation.
import { forwardRef } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-500 disabled:bg-brand-300 dark:disabled:bg-brand-200",
  secondary:
    "border border-neutral-200 bg-surface text-neutral-700 shadow-xs hover:bg-neutral-50 hover:text-neutral-900 focus-visible:outline-brand-500 disabled:text-neutral-400",
  ghost: "text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-brand-500",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600 disabled:bg-red-300",
};

export function buttonClass(variant: ButtonVariant = "primary", size: "sm" | "md" = "md", extra = "") {
  const sizing = size === "sm" ? "h-8 px-3 text-xs" : "h-9 px-4 text-sm";
  return `inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed ${sizing} ${variants[variant]} ${extra}`;
}

export const inputClass =
  "block w-full rounded-md border border-neutral-300 bg-surface px-3 py-2 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-500/20";

export const labelClass = "mb-1.5 block text-sm font-medium text-neutral-700";

export const Spinner = forwardRef<SVGSVGElement, { className?: string }>(function Spinner({ className = "" }, ref) {
  return (
    <svg ref={ref} className={`size-4 animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
});

/** Cuts text at `max` characters with an ellipsis (sidebar 20, descriptions 100, issue names 50). */
export function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
