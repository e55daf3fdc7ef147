// The colour button of the settings forms (labels, states): a swatch that opens the palette and a
// hex field for any other colour.
import { useState } from "react";
import { Popover } from "~/components/ui/popover";
import { LABEL_COLORS } from "../../../workers/domain/schemas/labels";

export function ColorPicker({ value, onChange, label = "Colour" }: { value: string; onChange(value: string): void; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      positioning={{ placement: "bottom-start", gutter: 4 }}
      triggerProps={{
        "aria-label": label,
        className: "flex size-9 shrink-0 items-center justify-center rounded-md border border-neutral-300 bg-surface hover:bg-neutral-50",
      }}
      trigger={<span className="size-4 rounded-full" style={{ backgroundColor: value }} />}
      contentClassName="z-[80] w-52 rounded-lg border border-neutral-200 bg-surface p-2 shadow-lg outline-none"
    >
      {(Ark) => (
        <>
          <div className="grid grid-cols-6 gap-1.5">
            {LABEL_COLORS.map((color) => (
              <Ark.CloseTrigger
                key={color}
                type="button"
                aria-label={`Use colour ${color}`}
                onClick={() => onChange(color)}
                className={`size-6 rounded-md ring-offset-1 ${color.toLowerCase() === value.toLowerCase() ? "ring-2 ring-neutral-400" : ""}`}
                style={{ backgroundColor: color }}
              />
            ))}
          </div>
          <label className="mt-2 flex items-center gap-2 text-xs text-neutral-500">
            Hex
            <input
              value={value}
              onChange={(event) => onChange(event.target.value)}
              className="h-7 w-full rounded border border-neutral-300 px-2 font-mono text-xs outline-none focus:border-brand-500"
              aria-label="Hex colour"
            />
          </label>
        </>
      )}
    </Popover>
  );
}
