// `npm run cost` reads the local database's size from its SQLite file and write-ahead log (local
// D1 refuses PRAGMA statements): the last commit's page count less page 1's free pages, frames of
// an older log generation (other salts) and frames after the last commit left out.
import { describe, expect, it } from "vitest";
import { usedBytesOf } from "../../scripts/lib/cost-storage.mjs";

const PAGE = 4096;

/** A main file of `pages` pages with `free` of them free, as SQLite's header records it. */
function mainFile(pages: number, free: number) {
  const file = Buffer.alloc(PAGE);
  file.writeUInt16BE(PAGE, 16);
  file.writeUInt32BE(pages, 28);
  file.writeUInt32BE(free, 36);
  return file;
}

/** A write-ahead log: its header's salts, then frames of [page number, size after commit (0: none), salts, page 1's free count]. */
function wal(salts: [number, number], frames: { page: number; commitSize: number; salts?: [number, number]; free?: number }[]) {
  const header = Buffer.alloc(32);
  header.writeUInt32BE(PAGE, 8);
  header.writeUInt32BE(salts[0], 16);
  header.writeUInt32BE(salts[1], 20);
  const parts = [header];
  for (const frame of frames) {
    const head = Buffer.alloc(24);
    head.writeUInt32BE(frame.page, 0);
    head.writeUInt32BE(frame.commitSize, 4);
    head.writeUInt32BE((frame.salts ?? salts)[0], 8);
    head.writeUInt32BE((frame.salts ?? salts)[1], 12);
    const page = Buffer.alloc(PAGE);
    if (frame.free !== undefined) page.writeUInt32BE(frame.free, 36);
    parts.push(head, page);
  }
  return Buffer.concat(parts);
}

describe("the database's used bytes", () => {
  it("reads the main file's header when there is no log", () => {
    expect(usedBytesOf(mainFile(10, 2), null)).toEqual({ bytes: 8 * PAGE, pageSize: PAGE });
  });

  it("takes the last commit's page count and page 1's free pages as of that commit", () => {
    const log = wal([7, 9], [
      { page: 1, commitSize: 0, free: 1 },
      { page: 12, commitSize: 12 },
      { page: 1, commitSize: 0, free: 3 },
      { page: 14, commitSize: 14 },
      // Written after the last commit: not part of the database yet.
      { page: 1, commitSize: 0, free: 9 },
      { page: 20, commitSize: 0 },
    ]);
    expect(usedBytesOf(mainFile(10, 2), log).bytes).toBe((14 - 3) * PAGE);
  });

  it("stops at a frame of an older log generation", () => {
    const log = wal([7, 9], [
      { page: 11, commitSize: 11 },
      { page: 30, commitSize: 30, salts: [1, 2] },
    ]);
    expect(usedBytesOf(mainFile(10, 2), log).bytes).toBe((11 - 2) * PAGE);
  });
});
