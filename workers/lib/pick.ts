// Copies the named fields of a row, so a response or event that passes stored columns through as
// they are lists the columns once instead of writing `name: row.name` for each.
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
