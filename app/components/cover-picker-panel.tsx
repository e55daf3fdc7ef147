// The cover picker's tabs (see cover-picker.tsx), loaded when the picker first opens.
import { useChosenImage } from "~/hooks/use-file-preview";
import { Tabs } from "@ark-ui/react/tabs";
import { useId, useRef, useState } from "react";
import { DEFAULT_COVER_IMAGE } from "~/lib/project-constants";
import { PROJECT_COVERS } from "~/lib/project-covers";
import { imageFileProblem } from "~/lib/uploads";
import { UPLOAD_TOO_LARGE } from "../../workers/domain/schemas/uploads";
import type { CoverPickerProps } from "./cover-picker";
import { ChosenMark, UnsplashTab } from "./cover-picker-unsplash";
import { useServiceFeatures } from "./workspace-context";
import { Spinner, buttonClass } from "./ui";

type PanelProps = Pick<CoverPickerProps, "value" | "onPick" | "onUpload" | "uploading" | "uploadError">;

/** The cover picker words every refusal (not an image, empty, over 5 MB) as the one upload message. */
const coverFileProblem = (file: File) => (imageFileProblem(file) ? UPLOAD_TOO_LARGE : null);

function ImagesTab({ value, onPick }: Pick<CoverPickerProps, "value" | "onPick">) {
  const choices = [{ name: "Default", url: null }, ...PROJECT_COVERS];
  return (
    <ul className="grid grid-cols-3 gap-2" aria-label="Built-in covers">
      {choices.map((cover) => {
        const chosen = (value ?? null) === cover.url;
        return (
          <li key={cover.name}>
            <button
              type="button"
              onClick={() => onPick(cover.url, null)}
              aria-pressed={chosen}
              aria-label={`${cover.name} cover`}
              className={`relative block aspect-[5/2] w-full overflow-hidden rounded-md ring-offset-2 ring-offset-surface hover:opacity-90 focus-visible:outline-2 focus-visible:outline-brand-500 ${
                chosen ? "ring-2 ring-brand-500" : "ring-1 ring-neutral-200"
              }`}
            >
              <img src={cover.url ?? DEFAULT_COVER_IMAGE} alt="" className="size-full object-cover" />
              {chosen ? <ChosenMark /> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function UploadTab({ onUpload, uploading, uploadError }: Pick<CoverPickerProps, "onUpload" | "uploading" | "uploadError">) {
  const hintId = useId();
  const { inputRef, inputProps, file, preview, problem } = useChosenImage(coverFileProblem);

  const error = problem ?? uploadError;
  return (
    <div className="space-y-3">
      <input {...inputProps} aria-label="Choose a cover image" aria-describedby={hintId} />
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        className="flex h-28 w-full items-center justify-center overflow-hidden rounded-md border-2 border-dashed border-neutral-300 text-sm text-neutral-600 hover:border-neutral-400 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {preview ? <img src={preview} alt="Chosen cover" className="size-full object-cover" /> : "Choose an image"}
      </button>
      <p id={hintId} className="text-xs text-neutral-500">
        {file ? file.name : "PNG, JPEG, GIF or WebP, at most 5 MB."}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <button
          type="button"
          className={buttonClass("primary", "sm")}
          disabled={!file || uploading}
          onClick={() => file && onUpload(file)}
        >
          {uploading ? <Spinner className="size-3.5" /> : null}
          {uploading ? "Uploading..." : "Upload & Save"}
        </button>
      </div>
    </div>
  );
}

export function CoverPickerPanel({ value, onPick, onUpload, uploading, uploadError }: PanelProps) {
  const [tab, setTab] = useState("images");
  const { imageSearch } = useServiceFeatures();
  // The search tab asks Unsplash only once it is opened, and keeps its results while it is away.
  const searchOpened = useRef(false);
  if (tab === "unsplash") searchOpened.current = true;
  const tabs = [
    { value: "images", label: "Images" },
    ...(imageSearch ? [{ value: "unsplash", label: "Unsplash" }] : []),
    { value: "upload", label: "Upload" },
  ];
  return (
    <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)}>
      <Tabs.List className="mb-3 flex gap-1 border-b border-neutral-100" aria-label="Cover source">
        {tabs.map((item) => (
          <Tabs.Trigger
            key={item.value}
            value={item.value}
            className="-mb-px border-b-2 border-transparent px-2.5 py-1.5 text-xs font-medium text-neutral-600 hover:text-neutral-900 data-[selected]:border-brand-500 data-[selected]:text-neutral-900"
          >
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="images">
        <ImagesTab value={value} onPick={onPick} />
      </Tabs.Content>
      {imageSearch ? (
        <Tabs.Content value="unsplash">
          {searchOpened.current ? <UnsplashTab value={value} onPick={onPick} /> : null}
        </Tabs.Content>
      ) : null}
      <Tabs.Content value="upload">
        <UploadTab onUpload={onUpload} uploading={uploading} uploadError={uploadError} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
