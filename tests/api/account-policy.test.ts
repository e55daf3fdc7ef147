// Account policy: a password too easy to guess is refused (the bundled list of the most common
// passwords, blank and repeated ones, the person's own email, its local part and their name), in
// any case and with any surrounding or inner whitespace; sign-ups are limited per email and per
// client address, exactly, even when the requests arrive at once.
import { fetchWorker } from "../helpers/worker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "../../workers/domain/common-passwords";
import { isWeakPassword } from "../../workers/domain/password-policy";
import { TOO_MANY_SIGN_UPS, WEAK_PASSWORD } from "../../workers/domain/schemas/accounts";
import { SIGN_UPS_PER_EMAIL } from "../../workers/domain/sign-up-limit";
import { type Client, ORIGIN, call, signUp, uniqueEmail } from "../helpers/api";
import { countRows } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const LIST = COMMON_PASSWORDS.split(/\s+/);
/** The address limit wrangler.toml sets (SIGN_UPS_PER_ADDRESS_PER_HOUR). */
const PER_ADDRESS = 20;

let addressCounter = 0;
const uniqueAddress = () => `2001:db8:5::${(Date.now() % 0xffff).toString(16)}:${(++addressCounter).toString(16)}`;

/** `text` with each letter's case chosen by `upper`, blanks spread around and inside it, at least 8 long. */
function variant(text: string, upper: boolean[], before: string, inside: string[], after: string) {
  let out = "";
  [...text].forEach((c, i) => {
    out += (upper[i % upper.length] ? c.toUpperCase() : c) + (inside[i] ?? "");
  });
  out = before + out + after;
  return out.length >= 8 ? out : out.padEnd(8, " ");
}

const blanks = fc.stringMatching(/^[ \t]{0,3}$/);

/** A spelling of `text` a person might type: casing, surrounding and inner whitespace. */
const spelled = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), blanks, fc.array(fc.constantFrom("", "", "", " ", "\t"), { maxLength: 12 }), blanks)
    .map(([t, upper, before, inside, after]) => variant(t, upper, before, inside, after))
    .filter((password) => password.length <= 128);

const fromList = fc.oneof(fc.constantFrom(...LIST.slice(0, 500)), fc.nat({ max: LIST.length - 1 }).map((i) => LIST[i]));

function signUpWith(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return call("POST", "/api/auth/sign-up/", { body: fields, headers: { origin: ORIGIN, ...headers } });
}

describe("weak passwords (generated)", () => {
  it("refuses every spelling of a password from the bundled list at sign-up, and creates nothing", async () => {
    const users = await countRows("users");
    await fc.assert(
      fc.asyncProperty(spelled(fromList), async (password) => {
        const answer = await signUpWith({ email: uniqueEmail("weak"), password });
        expect(answer.status, JSON.stringify(password)).toBe(400);
        expect(answer.body).toEqual({ password: [WEAK_PASSWORD] });
      }),
      fuzzRun(120),
    );
    expect(await countRows("users")).toBe(users);
  });

  it("refuses blank, repeated and own-name passwords: the email, its local part, the name", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.stringMatching(/^[ \t\n]{8,20}$/).map((password) => ({ password, kind: "blank" })),
          fc.tuple(fc.constantFrom("a", "Z", "7", "#", "é", "ab", "x1", "abc", "12!"), fc.integer({ min: 3, max: 12 })).map(([unit, n]) => ({
            password: unit.repeat(Math.max(n, Math.ceil(8 / unit.length))),
            kind: "repeated",
          })),
          fc.constantFrom("email", "local", "first", "last", "full").map((kind) => ({ password: "", kind })),
        ),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        blanks,
        async ({ password, kind }, upper, around) => {
          const email = uniqueEmail("margaret.hamilton");
          const person = { first_name: "Margarethe", last_name: "Hamiltonian" };
          const own: Record<string, string> = {
            email,
            local: email.split("@")[0],
            first: person.first_name,
            last: person.last_name,
            full: `${person.first_name} ${person.last_name}`,
          };
          const chosen = password || variant(own[kind], upper, around, [], around);
          const answer = await signUpWith({ email, password: chosen, ...person });
          expect(answer.status, `${kind} ${JSON.stringify(chosen)}`).toBe(400);
          expect(answer.body).toEqual({ password: [WEAK_PASSWORD] });
        },
      ),
      fuzzRun(60),
    );
  });

  it("accepts passwords that are none of these", async () => {
    for (const password of ["correct horse battery", "Tr0ub4dor&3-but-longer", "eight ch", "password manager rocks"]) {
      expect(isWeakPassword(password, { email: "someone@example.com", names: ["Some", "One"] }), password).toBe(false);
    }
    const client = await signUp({ password: "blue mountain tea party" });
    expect(client.user.email).toContain("@");
  });

  it("refuses a weak new password when changing it, with the message on its field", async () => {
    const client = await signUp({ first_name: "Changer" });
    for (const next of ["password", "  PassWord1 ", client.user.email.toUpperCase(), "        "]) {
      const answer = await changePassword(client, next);
      expect(answer.status, next).toBe(400);
      expect(answer.body, next).toContain(WEAK_PASSWORD);
    }
    expect((await changePassword(client, "a different long secret")).status).toBe(200);
  });

  it("checks the list in well under a millisecond once loaded", () => {
    isWeakPassword("warm up the set", { email: "a@b.test" });
    const started = performance.now();
    for (let i = 0; i < 1000; i++) isWeakPassword(`candidate number ${i}`, { email: "a@b.test", names: ["Ann"] });
    expect((performance.now() - started) / 1000).toBeLessThan(0.5);
  });
});

async function changePassword(client: Client, next: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ intent: "change-password", current_password: "correct horse battery", new_password: next, confirm_password: next })) {
    form.set(key, value);
  }
  const response = await fetchWorker(`${ORIGIN}/profile.data`, {
    method: "POST",
    headers: { cookie: client.cookie, origin: ORIGIN, host: new URL(ORIGIN).host },
    body: form,
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

describe("the sign-up limit", () => {
  it(`answers 429 once an email has been asked for ${SIGN_UPS_PER_EMAIL} times in the hour, in any spelling`, async () => {
    const email = uniqueEmail("popular");
    const first = await signUpWith({ email, password: "correct horse battery" });
    expect(first.status).toBe(201);
    for (let i = 1; i < SIGN_UPS_PER_EMAIL; i++) {
      const again = await signUpWith({ email: i % 2 ? email.toUpperCase() : ` ${email}`, password: "correct horse battery" });
      expect(again.status).toBe(400);
    }
    const refused = await signUpWith({ email: `${email.toUpperCase()} `, password: "correct horse battery" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_SIGN_UPS });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it(`lets exactly ${PER_ADDRESS} sign-ups from one address through, even when they arrive at once`, async () => {
    const address = uniqueAddress();
    const users = await countRows("users");
    const answers = await Promise.all(
      Array.from({ length: PER_ADDRESS + 15 }, () =>
        signUpWith({ email: uniqueEmail("burst"), password: "correct horse battery" }, { "cf-connecting-ip": address }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201).length).toBe(PER_ADDRESS);
    expect(statuses.filter((status) => status === 429).length).toBe(15);
    expect(await countRows("users")).toBe(users + PER_ADDRESS);
    // Another address is not held back.
    expect((await signUpWith({ email: uniqueEmail("elsewhere"), password: "correct horse battery" }, { "cf-connecting-ip": uniqueAddress() })).status).toBe(201);
  });

  it("does not count a sign-up refused for its password", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < PER_ADDRESS + 5; i++) {
      expect((await signUpWith({ email: uniqueEmail("weak"), password: "password" }, { "cf-connecting-ip": address })).status).toBe(400);
    }
    expect((await signUpWith({ email: uniqueEmail("fine"), password: "correct horse battery" }, { "cf-connecting-ip": address })).status).toBe(201);
  });
});
