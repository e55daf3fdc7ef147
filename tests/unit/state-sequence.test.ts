// Where a state lands when it moves up or down its group: halfway between its new neighbours, or
// one sequence step (15000) past the only neighbour at either end.
import { describe, expect, it } from "vitest";
import { movedSequence, sequenceBetween } from "../../workers/domain/states";

const list = (...sequences: number[]) => sequences.map((sequence) => ({ sequence }));

describe("sequenceBetween", () => {
  it("is the midpoint of two neighbours, or a step past a single one", () => {
    expect(sequenceBetween(10_000, 20_000)).toBe(15_000);
    expect(sequenceBetween(10_000, 10_001)).toBe(10_000.5);
    expect(sequenceBetween(undefined, 10_000)).toBe(-5_000);
    expect(sequenceBetween(10_000, undefined)).toBe(25_000);
  });
});

describe("movedSequence", () => {
  const group = list(1_000, 2_000, 3_000, 4_000);

  it("moves up between the two states above it", () => {
    expect(movedSequence(group, 2, "up")).toBe(1_500);
  });

  it("moves down between the two states below it", () => {
    expect(movedSequence(group, 1, "down")).toBe(3_500);
  });

  it("goes a step below the first state, or a step above the last", () => {
    expect(movedSequence(group, 1, "up")).toBe(1_000 - 15_000);
    expect(movedSequence(group, 2, "down")).toBe(4_000 + 15_000);
  });

  it("is null when the state already sits at that end", () => {
    expect(movedSequence(group, 0, "up")).toBeNull();
    expect(movedSequence(group, 3, "down")).toBeNull();
    expect(movedSequence(list(5_000), 0, "down")).toBeNull();
  });
});
