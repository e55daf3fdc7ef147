// The isolate's bounded memo (workers/lib/bounded-memo.ts): one computation per key, and the
// oldest answer gone when it is full.
import { describe, expect, it } from "vitest";
import { boundedMemo } from "../../workers/lib/bounded-memo";

describe("boundedMemo", () => {
  it("computes a key once and answers the kept value after", () => {
    const memo = boundedMemo<{ n: number }>(4);
    let computed = 0;
    const first = memo.get("a", () => ({ n: ++computed }));
    const again = memo.get("a", () => ({ n: ++computed }));
    expect(again).toBe(first);
    expect(computed).toBe(1);
  });

  it("holds at most its limit, letting the one computed longest ago go", () => {
    const memo = boundedMemo<string>(2);
    memo.get("a", () => "A");
    memo.get("b", () => "B");
    memo.get("c", () => "C");
    expect(memo.size).toBe(2);
    expect(memo.get("a", () => "A again")).toBe("A again");
    expect(memo.get("c", () => "C again")).toBe("C");
  });
});
