// The access row read with the session (workers/domain/access.ts): which checks may use it.
import { describe, expect, it } from "vitest";
import { AccessPrefetch, type AccessRow, accessScopeOf } from "../../workers/domain/access";

const row = (userId: string) => ({ user: { id: userId } }) as unknown as AccessRow;

describe("accessScopeOf", () => {
  it("reads the workspace and project an API path or a page path names", () => {
    expect(accessScopeOf("/api/workspaces/acme/projects/p1/issues/", false)).toEqual({ slug: "acme", projectId: "p1" });
    expect(accessScopeOf("/api/workspaces/acme/members/", false)).toEqual({ slug: "acme", projectId: undefined });
    expect(accessScopeOf("/api/users/me/", false)).toBeNull();
    expect(accessScopeOf("/acme/projects/p1/issues", true)).toEqual({ slug: "acme", projectId: "p1" });
    expect(accessScopeOf("/acme/projects/p1/issues.data", true)).toEqual({ slug: "acme", projectId: "p1" });
    expect(accessScopeOf("/api/workspaces/%E0%A4%A/projects/x", false)).toBeNull();
  });
});

describe("AccessPrefetch", () => {
  it("answers only the check of its own user, workspace and project", () => {
    const prefetch = new AccessPrefetch({ slug: "acme", projectId: "p1" }, true);
    prefetch.store(row("u1"));
    expect(prefetch.take("u2", "acme", "p1")).toBeNull();
    expect(prefetch.take("u1", "other", "p1")).toBeNull();
    expect(prefetch.take("u1", "acme", "p2")).toBeNull();
    expect(prefetch.take("u1", "acme", "p1")?.user.id).toBe("u1");
    // A workspace check of the same workspace may use the project-scoped row.
    expect(prefetch.take("u1", "acme")?.user.id).toBe("u1");
  });

  it("serves a read request's every check, and a write request's first check only", () => {
    const read = new AccessPrefetch({ slug: "acme", projectId: "p1" }, true);
    read.store(row("u1"));
    expect(read.take("u1", "acme", "p1")).not.toBeNull();
    expect(read.take("u1", "acme", "p1")).not.toBeNull();

    const write = new AccessPrefetch({ slug: "acme", projectId: "p1" }, false);
    write.store(row("u1"));
    expect(write.take("u1", "acme", "p1")).not.toBeNull();
    // A check after the write may see changed memberships: it must read them again.
    expect(write.take("u1", "acme", "p1")).toBeNull();
  });

  it("has nothing to give a request whose path names no workspace", () => {
    const prefetch = new AccessPrefetch(null, true);
    prefetch.store(row("u1"));
    expect(prefetch.take("u1", "acme", "p1")).toBeNull();
  });
});
