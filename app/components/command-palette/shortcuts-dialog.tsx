// The shortcuts dialog (H): every keyboard shortcut with this platform's modifier keys, and a
// search over their descriptions and keys. Loaded on first use.
import { Dialog } from "@ark-ui/react/dialog";
import { useMemo, useState } from "react";
import { DialogShell } from "../dialog";
import { IconX } from "../icons";
import { SearchField } from "../ui/search-field";
import { SHORTCUT_SECTIONS, type ShortcutEntry, isApplePlatform, keyLabel, keyName } from "./shortcut-list";

/** A shortcut's keys drawn as key caps. */
export function KeyCaps({ keys, apple }: { keys: string[]; apple: boolean }) {
  return (
    <kbd className="flex shrink-0 items-center gap-1 font-sans">
      <span className="sr-only">{keys.map((key) => keyName(key, apple)).join(" + ")}</span>
      {keys.map((key) => (
        <span
          key={key}
          aria-hidden="true"
          className="inline-flex h-6 min-w-6 items-center justify-center rounded border border-neutral-200 bg-neutral-50 px-1.5 text-xs font-medium text-neutral-700"
        >
          {keyLabel(key, apple)}
        </span>
      ))}
    </kbd>
  );
}

function matches(shortcut: ShortcutEntry, query: string, apple: boolean) {
  const haystack = [
    shortcut.description,
    shortcut.note ?? "",
    ...shortcut.keys.flatMap((key) => [keyLabel(key, apple), keyName(key, apple)]),
  ]
    .join(" ")
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term));
}

export default function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [query, setQuery] = useState("");
  const apple = useMemo(isApplePlatform, []);
  const sections = useMemo(
    () =>
      SHORTCUT_SECTIONS.map((section) => ({ ...section, shortcuts: section.shortcuts.filter((shortcut) => matches(shortcut, query, apple)) })).filter(
        (section) => section.shortcuts.length > 0,
      ),
    [query, apple],
  );
  const change = (next: boolean) => {
    if (!next) setQuery("");
    onOpenChange(next);
  };
  return (
    <DialogShell open={open} onOpenChange={change} width="max-w-xl">
      <div className="relative">
        {/* The close button comes after the search box, so opening the dialog puts the caret in it. */}
        <div className="px-5 pt-5 pr-14">
          <Dialog.Title className="text-lg font-semibold text-neutral-900">Keyboard Shortcuts</Dialog.Title>
        </div>
        <div className="px-5 pt-4">
          <SearchField
            value={query}
            onChange={setQuery}
            placeholder="Search for shortcuts"
            label="Search for shortcuts"
            className="h-9 px-2.5 focus-within:ring-1 focus-within:ring-brand-500"
          />
        </div>
        <Dialog.CloseTrigger
          aria-label="Close"
          className="absolute top-5 right-5 rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
        >
          <IconX size={16} />
        </Dialog.CloseTrigger>
        <div className="max-h-[min(36rem,70vh)] overflow-y-auto px-5 pt-2 pb-5">
          {sections.length === 0 ? (
            <p className="py-8 text-center text-sm text-neutral-500" role="status">
              No shortcuts found for <span className="font-medium text-neutral-800">"{query.trim()}"</span>
            </p>
          ) : (
            sections.map((section) => (
              <section key={section.title} aria-label={section.title} className="mt-3">
                <h3 className="mb-1 text-xs font-semibold tracking-wide text-neutral-500 uppercase">{section.title}</h3>
                <ul>
                  {section.shortcuts.map((shortcut) => (
                    <li key={shortcut.description} className="flex items-center justify-between gap-4 border-b border-neutral-100 py-2 last:border-0">
                      <span className="min-w-0 text-sm text-neutral-800">
                        {shortcut.description}
                        {shortcut.note ? <span className="ml-2 text-xs text-neutral-500">({shortcut.note})</span> : null}
                      </span>
                      <KeyCaps keys={shortcut.keys} apple={apple} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </div>
    </DialogShell>
  );
}
