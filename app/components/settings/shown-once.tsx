// A value the server hands out only once (a new API token, an invitation link): the box shows it
// to select or copy, says it will not be shown again, and goes away with Done.
import { type ReactNode, useId } from "react";
import { useCopy } from "~/hooks/use-copy";
import { IconCopy } from "../issue-detail/icons";
import { buttonClass, inputClass } from "../ui";

/** The once-shown `value` under `title`; `note` comes before the warning that it is not shown again. */
export function ShownOnce({
  title,
  note,
  value,
  valueLabel,
  onDone,
}: {
  title: ReactNode;
  note?: string;
  value: string;
  /** The value field's accessible name. */
  valueLabel: string;
  onDone(): void;
}) {
  const inputId = useId();
  const copyText = useCopy();
  const copy = () => void copyText(value);
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">{title}</p>
      <p className="mt-0.5 text-sm text-emerald-800">{note ? `${note} ` : ""}Copy it now: it will not be shown again.</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {valueLabel}
        </label>
        <input id={inputId} value={value} readOnly onFocus={(event) => event.target.select()} className={`${inputClass} font-mono text-xs`} />
        <button type="button" onClick={copy} className={buttonClass("secondary", "md", "shrink-0")}>
          <IconCopy size={14} /> Copy
        </button>
      </div>
      <div className="mt-3 flex justify-end">
        <button type="button" onClick={onDone} className={buttonClass("ghost", "sm")}>
          Done
        </button>
      </div>
    </div>
  );
}
