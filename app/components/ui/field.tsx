// The one labelled form field: a label, its control (input, date input, textarea or select), an
// optional description and the field's messages, with the ids and aria attributes that tie them
// together. It takes Conform's field metadata where a form has it (names, ids, default values and
// the schema's messages) and plain ids and messages where a field lives outside Conform.
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { inputClass, labelClass } from "./base";

/** Field messages; several server messages for one field are joined by commas. */
export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className="mt-1.5 text-xs text-red-600 dark:text-red-400">
      {errors.join(", ")}
    </p>
  );
}

/** A form's messages that belong to no single field, announced as an alert. */
export function FormError({ errors }: { errors?: string[] | null }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 dark:border-red-900 bg-red-50 dark:bg-red-950/40 px-3 py-2 text-sm text-red-700 dark:text-red-300">
      {errors.join(", ")}
    </div>
  );
}

/** Good news about a form's request (a link is on its way, an address is verified), announced as a status. */
export function FormNotice({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={`rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200 ${className}`}>
      {children}
    </p>
  );
}

interface FieldFrameProps {
  label: ReactNode;
  /** Conform's metadata for the field; without it the field uses `id` (or a generated one). */
  // biome-ignore lint/suspicious/noExplicitAny: a field of any value type (string, number, date string)
  field?: FieldMetadata<any>;
  id?: string;
  /** Messages from outside the schema (the server's answer, a rule across fields); the field's own come first. */
  errors?: string[] | null;
  /** Help under the control while the field has no message. */
  description?: ReactNode;
  /** The wrapper's class (grid placement, spacing). */
  className?: string;
  /** Classes added to the house input look (`resize-none`, a fixed width). */
  controlClassName?: string;
  /** Whether the label is read by screen readers only. */
  hideLabel?: boolean;
}

type InputFieldProps = FieldFrameProps & { as?: "input" } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;
type TextareaFieldProps = FieldFrameProps & { as: "textarea" } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;
type SelectFieldProps = FieldFrameProps & { as: "select" } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">;
export type FieldProps = InputFieldProps | TextareaFieldProps | SelectFieldProps;

/**
 * A label, its control and the control's messages. The messages (or, while there are none, the
 * description) are the control's accessible description, and a field with messages is invalid.
 */
export function Field(props: FieldProps) {
  const { label, field, id: givenId, errors: outsideErrors, description, className, controlClassName, hideLabel, ...control } = props;
  const generatedId = useId();
  const id = field?.id ?? givenId ?? generatedId;
  const errorId = field?.errorId ?? `${id}-error`;
  const descriptionId = field?.descriptionId ?? `${id}-description`;
  const errors = field?.errors ?? outsideErrors;
  const invalid = Boolean(errors && errors.length > 0);
  const showDescription = Boolean(description) && !invalid;
  const aria = {
    id,
    className: controlClassName ? `${inputClass} ${controlClassName}` : inputClass,
    // A message shown elsewhere (one line under two dates) is wired by the caller.
    "aria-invalid": invalid ? true : control["aria-invalid"] ? true : undefined,
    "aria-describedby": invalid ? errorId : showDescription ? descriptionId : control["aria-describedby"],
  } as const;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : labelClass}>
        {label}
      </label>
      <FieldControl {...control} field={field} aria={aria} />
      <FieldError id={errorId} errors={errors} />
      {showDescription ? (
        <p id={descriptionId} className="mt-1.5 text-xs text-neutral-500">
          {description}
        </p>
      ) : null}
    </div>
  );
}

type ControlProps = (
  | ({ as?: "input" } & InputHTMLAttributes<HTMLInputElement>)
  | ({ as: "textarea" } & TextareaHTMLAttributes<HTMLTextAreaElement>)
  | ({ as: "select" } & SelectHTMLAttributes<HTMLSelectElement>)
) & {
  // biome-ignore lint/suspicious/noExplicitAny: as in FieldFrameProps
  field?: FieldMetadata<any>;
  aria: { id: string; className: string; "aria-invalid"?: true; "aria-describedby"?: string };
};

/** The control with Conform's props (when there is a field), the caller's, then the wiring. */
function FieldControl(props: ControlProps) {
  const { field, aria, ...rest } = props;
  // A controlled control takes its value from the caller, not Conform's default.
  const controlled = "value" in rest && rest.value !== undefined;
  if (rest.as === "textarea") {
    const { as: _, ...own } = rest;
    const conform = field ? withoutDefault(getTextareaProps(field, { ariaAttributes: false }), controlled) : {};
    return <textarea {...conform} {...own} {...aria} />;
  }
  if (rest.as === "select") {
    const { as: _, ...own } = rest;
    const conform = field ? withoutDefault(getSelectProps(field, { ariaAttributes: false }), controlled) : {};
    return <select {...conform} {...own} {...aria} />;
  }
  const { as: _, ...own } = rest;
  const type = (own.type ?? "text") as Parameters<typeof getInputProps>[1]["type"];
  const conform = field ? withoutDefault(getInputProps(field, { type, ariaAttributes: false }), controlled) : {};
  return <input {...conform} {...own} {...aria} />;
}

function withoutDefault<T extends { defaultValue?: unknown }>(props: T, controlled: boolean) {
  if (!controlled) return props;
  const { defaultValue: _, ...rest } = props;
  return rest;
}

/**
 * A caption over a control that is not a form element (a picker button that names itself) and the
 * control's messages: the same look as `Field` where a `<label for>` has nothing to point at.
 */
export function ControlField({
  label,
  errorId,
  errors,
  className,
  children,
}: {
  label: ReactNode;
  errorId: string;
  errors?: string[] | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <span className={labelClass}>{label}</span>
      {children}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A field's label that says the field may stay empty. */
export function OptionalLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-neutral-500">(optional)</span>
    </>
  );
}

/**
 * The name and optional description that open the cycle, module and view dialogs. `errors` holds
 * the server's messages by field name.
 */
export function NameAndDescriptionFields({
  name,
  description,
  errors,
  nameLabel = "Title",
  namePlaceholder = "Title",
  autoFocus,
}: {
  name: FieldMetadata<string>;
  description: FieldMetadata<string | null | undefined>;
  errors: Record<string, string[] | undefined>;
  nameLabel?: string;
  namePlaceholder?: string;
  /** Whether the dialog opens with the name focused, to type it at once. */
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field label={nameLabel} field={name} errors={errors.name} placeholder={namePlaceholder} autoComplete="off" autoFocus={autoFocus} />
      <Field
        as="textarea"
        label={<OptionalLabel>Description</OptionalLabel>}
        field={description}
        errors={errors.description}
        rows={3}
        controlClassName="resize-none"
        placeholder="Description"
      />
    </>
  );
}
