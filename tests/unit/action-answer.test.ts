// How the browser reads an action's answer (app/lib/action-answer.ts): every failure names its
// kind, whether a page action said it or only a REST status did, and the toast's words follow one
// policy. Pure functions, so no page is needed.
import { describe, expect, it } from "vitest";
import { failureMessage, failureOfAnswer, failureOfRest, failureWithoutAnswer, kindOfStatus } from "../../app/lib/action-answer";
import { ERROR_KINDS } from "../../workers/domain/schemas/error-kinds";
import { STATUS_OF_KIND } from "../../workers/lib/error-status";

describe("kindOfStatus", () => {
  it("reads back every kind from the status the server answers it with", () => {
    for (const kind of ERROR_KINDS) expect(kindOfStatus(STATUS_OF_KIND[kind])).toBe(kind);
  });

  it("reads a crash or an unknown status as Failed", () => {
    expect(kindOfStatus(500)).toBe("Failed");
    expect(kindOfStatus(418)).toBe("Failed");
  });
});

describe("failureOfAnswer", () => {
  it("answers null for a success", () => {
    expect(failureOfAnswer({ ok: true, intent: "delete-page" })).toBeNull();
    expect(failureOfAnswer({ result: { status: "success" } })).toBeNull();
    expect(failureOfAnswer(undefined)).toBeNull();
  });

  it("reads a button's refusal with the kind it names, its message, fields and intent", () => {
    const answer = { ok: false, error: "Label name taken", kind: "Conflict", status: 409, intent: "create-label", fields: { name: ["Label name taken"] } };
    expect(failureOfAnswer(answer)).toEqual({ ok: false, kind: "Conflict", error: "Label name taken", intent: "create-label", fields: { name: ["Label name taken"] } });
  });

  it("falls back on the status when an answer names no kind", () => {
    expect(failureOfAnswer({ ok: false, error: "Not allowed", status: 403 })).toMatchObject({ kind: "Forbidden", error: "Not allowed" });
  });

  it("reads a form's reply: its fields, its form message first, and that the form shows them", () => {
    const answer = { result: { status: "error", error: { "": ["Slug taken"], name: ["Name is required"], url: null } }, kind: "Invalid", status: 400 };
    expect(failureOfAnswer(answer)).toEqual({ ok: false, kind: "Invalid", error: "Slug taken", fields: { name: ["Name is required"] }, onForm: true });
  });
});

describe("failureOfRest", () => {
  it("reads {error} with the kind of its status", () => {
    expect(failureOfRest(403, { error: "Only admins can do this." })).toEqual({ ok: false, kind: "Forbidden", error: "Only admins can do this." });
  });

  it("reads field messages, the first one as the message", () => {
    expect(failureOfRest(400, { url: ["Enter a valid URL"] })).toEqual({ ok: false, kind: "Invalid", error: "Enter a valid URL", fields: { url: ["Enter a valid URL"] } });
  });

  it("reads a body that is not JSON as a refusal without words", () => {
    expect(failureOfRest(500, null)).toEqual({ ok: false, kind: "Failed", error: "" });
  });
});

describe("failureMessage", () => {
  it("shows the server's words for a domain refusal", () => {
    expect(failureMessage(failureOfRest(409, { error: "Already exists" }), "Could not save")).toBe("Already exists");
  });

  it("shows the screen's words for a crash, no answer or a refusal without words", () => {
    expect(failureMessage(failureOfRest(500, { error: "Internal" }), "Could not save")).toBe("Could not save");
    expect(failureMessage(failureWithoutAnswer(), "Could not save")).toBe("Could not save");
    expect(failureMessage(failureOfRest(403, {}), "Could not save")).toBe("Could not save");
  });
});
