// D1 reports constraint failures as plain errors; this reads them so a race on a unique value
// becomes the same 400 as the pre-check would have given.

function messageChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) {
      parts.push(current.message);
      current = (current as Error & { cause?: unknown }).cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return parts.join(" | ");
}

/** `column` is `table.column`, as SQLite names it in "UNIQUE constraint failed: table.column". */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const text = messageChain(error);
  if (!text.includes("UNIQUE constraint failed")) return false;
  return column === undefined || text.includes(column);
}

/** A write referred to a row (a parent, a member, the issue itself) that was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return messageChain(error).includes("FOREIGN KEY constraint failed");
}
