// The project form's Network field (who may see and join the project), the same on project
// create and in project settings.
import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { NETWORK_OPTIONS } from "~/lib/project-constants";
import { FieldError, inputClass, labelClass } from "./ui";

export function ProjectNetworkField({ field, disabled = false }: { field: FieldMetadata<number | undefined>; disabled?: boolean }) {
  return (
    <div>
      <label htmlFor={field.id} className={labelClass}>
        Network
      </label>
      <select {...getSelectProps(field)} className={inputClass} disabled={disabled}>
        {NETWORK_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} · {option.description}
          </option>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
