// Deleting a project or a workspace asks for two things typed by hand: the thing's exact name and
// a fixed phrase ("delete my project"); the delete button stays disabled until both match.
import { useId, useState } from "react";
import { inputClass } from "./ui";

export function useTypedDeleteConfirmation({ noun, name, phrase }: { noun: "project" | "workspace"; name: string; phrase: string }) {
  const [typedName, setTypedName] = useState("");
  const [typedPhrase, setTypedPhrase] = useState("");
  const nameId = useId();
  const phraseId = useId();
  const fields = (
    <div className="mt-6 space-y-4">
      <div>
        <label htmlFor={nameId} className="mb-1.5 block text-sm text-neutral-600">
          Enter the {noun} name <span className="font-medium text-neutral-900">{name}</span> to continue:
        </label>
        <input id={nameId} value={typedName} onChange={(event) => setTypedName(event.target.value)} className={inputClass} autoComplete="off" />
      </div>
      <div>
        <label htmlFor={phraseId} className="mb-1.5 block text-sm text-neutral-600">
          To confirm, type <span className="font-medium text-neutral-900">{phrase}</span> below:
        </label>
        <input
          id={phraseId}
          value={typedPhrase}
          onChange={(event) => setTypedPhrase(event.target.value)}
          className={inputClass}
          autoComplete="off"
        />
      </div>
    </div>
  );
  return { confirmed: typedName === name && typedPhrase === phrase, fields };
}
