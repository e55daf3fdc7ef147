// The project cover picker: a popover with up to three tabs. "Images" offers the built-in covers
// (and the default one); "Unsplash" searches photos, and is there only when this server has image
// search; "Upload" takes an image file of at most 5 MB, checked here before anything is sent, and
// hands it to the page, which uploads it as a workspace file asset. The tabs load on first open.
import { lazy } from "react";
import { Suspense } from "~/lib/suspense";
import type { CoverImageCredit } from "../../workers/domain/schemas/projects";
import { Spinner } from "./ui";
import { Popover } from "./ui/popover";

const CoverPickerPanel = lazy(() => import("./cover-picker-panel").then((module) => ({ default: module.CoverPickerPanel })));

export interface CoverPickerProps {
  /** The cover shown now; null is the default cover. */
  value: string | null;
  /**
   * A cover was chosen: a built-in one (null: the default) without a credit, or a photo from image
   * search with its photographer's credit.
   */
  onPick(url: string | null, credit: CoverImageCredit | null): void;
  /** An image file passed the checks and "Upload & Save" was pressed. */
  onUpload(file: File): void;
  uploading: boolean;
  /** The last upload's failure, shown in the Upload tab. */
  uploadError: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The trigger's class (it sits on the cover banner). */
  triggerClassName?: string;
}

export function CoverPicker({
  value,
  onPick,
  onUpload,
  uploading,
  uploadError,
  open,
  onOpenChange,
  triggerClassName = "",
}: CoverPickerProps) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      positioning={{ placement: "bottom-end", gutter: 6 }}
      triggerProps={{
        className: `rounded-md bg-black/35 px-2.5 py-1.5 text-xs font-medium text-white backdrop-blur hover:bg-black/50 focus-visible:outline-2 focus-visible:outline-white ${triggerClassName}`,
      }}
      trigger="Change cover"
      contentClassName="z-[60] w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-neutral-200 bg-surface p-3 shadow-lg outline-none"
    >
      {(Ark) => (
        <>
          <Ark.Title className="sr-only">Project cover</Ark.Title>
          <Suspense fallback={<Spinner className="mx-auto my-8 text-neutral-500" />}>
            <CoverPickerPanel value={value} onPick={onPick} onUpload={onUpload} uploading={uploading} uploadError={uploadError} />
          </Suspense>
        </>
      )}
    </Popover>
  );
}
