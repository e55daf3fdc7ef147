// Which passwords a person may choose: not one of the most common passwords, not blank, not one
// character (or a unit of up to three) over and over, and not their own email, its local part or
// their name. The check compares without case and without whitespace, so `Password`, ` password `
// and `pass word` count as `password`. The length rule lives in the schema (`newPassword`).
import { COMMON_PASSWORDS } from "./common-passwords";
import { Invalid } from "./errors";
import { WEAK_PASSWORD } from "./schemas/accounts";

let common: Set<string> | undefined;

/** The bundled list as a Set, built at the first check of the isolate (about a millisecond). */
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS.split(/\s+/));
  return common;
}

const squeeze = (text: string) => text.toLowerCase().replace(/\s+/g, "");

/** What the person is known by, which their password must not be. */
export interface PasswordOwner {
  email: string;
  names?: (string | null | undefined)[];
}

/** The names a person goes by: first, last, both together, and the display name. */
export function personNamesOf(person: { first_name?: string; last_name?: string; display_name?: string }) {
  return [person.first_name, person.last_name, `${person.first_name ?? ""}${person.last_name ?? ""}`, person.display_name];
}

/** Whether `password` is too easy to guess for `owner` (see the rules above). */
export function isWeakPassword(password: string, owner: PasswordOwner): boolean {
  const candidate = squeeze(password);
  if (candidate === "") return true;
  if (/^(.{1,3})\1+$/su.test(candidate)) return true;
  if (commonPasswords().has(candidate)) return true;
  const email = squeeze(owner.email);
  const own = [email, email.split("@")[0], ...(owner.names ?? []).map((name) => squeeze(name ?? ""))];
  return own.some((value) => value !== "" && value === candidate);
}

/** Refuses a weak password as a field error on `field`. */
export function assertStrongPassword(password: string, owner: PasswordOwner, field = "password") {
  if (isWeakPassword(password, owner)) throw Invalid.field(field, WEAK_PASSWORD);
}
