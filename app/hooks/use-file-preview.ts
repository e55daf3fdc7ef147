// A chosen image shown before it is uploaded: an object URL for the file, released when the file
// changes or the component goes away; and the file input's choice, checked before it is kept.
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { IMAGE_ACCEPT } from "~/lib/uploads";

export function useFilePreview(file: File | null) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}

/**
 * The image picked in a file input, not yet uploaded. `choose` keeps a file `check` finds nothing
 * wrong with; a refused one is not kept, its problem is said, and the input is emptied so that the
 * same file can be picked again. The server checks the bytes as well. `inputProps` make a hidden
 * image file input of an `<input>`, opened by a button of the caller's (`inputRef.current.click()`).
 */
export function useChosenImage(check: (file: File) => string | null) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useFilePreview(file);
  const reset = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = "";
  };
  const choose = (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return;
    const refused = check(chosen);
    if (refused) {
      setProblem(refused);
      reset();
      return;
    }
    setFile(chosen);
  };
  const inputProps = {
    ref: inputRef,
    type: "file",
    accept: IMAGE_ACCEPT,
    className: "sr-only",
    onChange: (event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0]),
  };
  return { inputRef, inputProps, file, preview, problem, setProblem, reset };
}
