import { describe, expect, it } from "vitest";
import { VersionedCache } from "../../workers/lib/versioned-cache";

describe("VersionedCache", () => {
  it("answers a value only at the version it was stored under", () => {
    const cache = new VersionedCache<string>(10);
    cache.set("board", "v1", "rows at v1");
    expect(cache.get("board", "v1")).toBe("rows at v1");
    expect(cache.get("board", "v2")).toBeUndefined();
    cache.set("board", "v2", "rows at v2");
    expect(cache.get("board", "v1")).toBeUndefined();
    expect(cache.get("board", "v2")).toBe("rows at v2");
    expect(cache.size).toBe(1);
  });

  it("drops the least recently used entries once the weight is over the bound", () => {
    const cache = new VersionedCache<string>(10);
    cache.set("a", "1", "A", 4);
    cache.set("b", "1", "B", 4);
    expect(cache.get("a", "1")).toBe("A"); // a is now the most recently used
    cache.set("c", "1", "C", 4);
    expect(cache.get("b", "1")).toBeUndefined();
    expect(cache.get("a", "1")).toBe("A");
    expect(cache.get("c", "1")).toBe("C");
    expect(cache.weight).toBe(8);
  });

  it("does not keep an entry heavier than an entry may be, and forgets what it replaced", () => {
    const cache = new VersionedCache<string>(100, 10);
    cache.set("board", "1", "small", 5);
    cache.set("board", "2", "huge", 11);
    expect(cache.get("board", "1")).toBeUndefined();
    expect(cache.get("board", "2")).toBeUndefined();
    expect(cache.weight).toBe(0);
  });
});
