// The name and colour a label or a state is made of, as the settings forms ask for them: in a row
// of an inline form (the swatch, then the name with the messages of both under it) or as a
// dialog's labelled field (the swatch in front of the name). The picked colour is sent as `color`.
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { FieldError, Spinner, buttonClass, inputClass, labelClass } from "../ui";
import { ColorPicker } from "./color-picker";

interface ColouredNameProps {
  name: FieldMetadata<string>;
  /** The colour's field, whose messages are shown under the name. */
  color?: FieldMetadata<string>;
  defaultColor: string;
  /** The name's label, which is also its placeholder. */
  label: string;
  /** The swatch button's accessible name. */
  colorLabel: string;
}

/** The swatch button and the hidden input that carries its colour. */
function ColourSwatch({ defaultColor, label }: { defaultColor: string; label: string }) {
  const [color, setColor] = useState(defaultColor);
  return (
    <>
      <input type="hidden" name="color" value={color} />
      <ColorPicker value={color} onChange={setColor} label={label} />
    </>
  );
}

/** The swatch and the name of an inline form, focused when the form opens. */
export function InlineColouredName({ name, color, defaultColor, label, colorLabel, className }: ColouredNameProps & { className: string }) {
  return (
    <>
      <ColourSwatch defaultColor={defaultColor} label={colorLabel} />
      <div className={className}>
        <input
          {...getInputProps(name, { type: "text" })}
          aria-label={label}
          placeholder={label}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the form opens to type a name.
          autoFocus
          className={inputClass}
        />
        <FieldError id={name.errorId} errors={name.errors} />
        {color ? <FieldError id={color.errorId} errors={color.errors} /> : null}
      </div>
    </>
  );
}

/** A dialog's name field with the swatch in front of the name. */
export function ColouredNameField({ name, color, defaultColor, label, colorLabel }: ColouredNameProps) {
  return (
    <div>
      <label htmlFor={name.id} className={labelClass}>
        {label}
      </label>
      <div className="flex gap-2">
        <ColourSwatch defaultColor={defaultColor} label={colorLabel} />
        <input {...getInputProps(name, { type: "text" })} placeholder={label} autoComplete="off" className={inputClass} />
      </div>
      <FieldError id={name.errorId} errors={name.errors} />
      {color ? <FieldError id={color.errorId} errors={color.errors} /> : null}
    </div>
  );
}

/** Cancel and the submit button of an inline form; while `busy` the submit shows a spinner and `busyLabel`. */
export function InlineFormActions({ label, busyLabel, busy, onCancel }: { label: string; busyLabel: string; busy: boolean; onCancel(): void }) {
  return (
    <div className="flex gap-2">
      <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={buttonClass("primary")} disabled={busy}>
        {busy ? <Spinner /> : null}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
