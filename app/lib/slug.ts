// Client-safe helpers for auto-filled form values.

/** "Acme Inc." -> "acme-inc": what the workspace URL field suggests from the name. */
export function slugify(name: string) {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
}

/** The project identifier suggested from its name: spaces removed, uppercased, first 3 characters. */
export function identifierFromName(name: string) {
  return name.replace(/ /g, "").toUpperCase().substring(0, 3);
}
