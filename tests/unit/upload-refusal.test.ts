// What a refused logo or cover upload says beside its picker (app/lib/uploads.ts): a refusal of
// the person's role in the server's words, any refused file the one upload message, whatever the
// server's check said about its bytes.
import { describe, expect, it } from "vitest";
import { failureOfAnswer } from "../../app/lib/action-answer";
import { uploadRefusalMessage } from "../../app/lib/uploads";
import { UPLOAD_FAILED } from "../../workers/domain/schemas/uploads";

const refusal = (kind: string, error: string) => {
  const failure = failureOfAnswer({ ok: false, kind, error, intent: "upload-logo" });
  if (!failure) throw new Error("not a refusal");
  return failure;
};

describe("uploadRefusalMessage", () => {
  it("says why the role may not change the image, in the server's words", () => {
    expect(uploadRefusalMessage(refusal("Forbidden", "Only workspace owners can change these settings."))).toBe(
      "Only workspace owners can change these settings.",
    );
  });

  it("gives a refused file the upload message", () => {
    expect(uploadRefusalMessage(refusal("Invalid", "The file's bytes are not a PNG."))).toBe(UPLOAD_FAILED);
    expect(uploadRefusalMessage(refusal("TooLarge", "Too large."))).toBe(UPLOAD_FAILED);
  });

  it("falls back to the upload message when a role refusal has no words", () => {
    expect(uploadRefusalMessage(refusal("Forbidden", ""))).toBe(UPLOAD_FAILED);
  });
});
