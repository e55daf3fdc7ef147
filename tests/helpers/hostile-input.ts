// What the fuzz tests send: values of the right kind, the wrong kind and the hostile kind, bodies
// made of a route's own fields broken that way, and multipart uploads gone wrong.
import { env } from "cloudflare:workers";
import fc from "fast-check";

declare global {
  namespace Cloudflare {
    interface Env {
      FUZZ_SEED: string;
    }
  }
}

/**
 * How many cases to run and from which seed: the fixed seed of the test config unless FUZZ_SEED
 * says otherwise ("random" for a new seed each run; fast-check prints the seed of a failure).
 */
export function fuzzRun(numRuns: number): fc.Parameters<unknown> {
  const seed = env.FUZZ_SEED === "random" ? undefined : Number(env.FUZZ_SEED);
  return { numRuns, endOnFailure: true, ...(seed === undefined || Number.isNaN(seed) ? {} : { seed }) };
}

/** A field's value: strings odd and huge, numbers, nulls, nested JSON, and ids from elsewhere. */
export function hostileValue(foreignIds: string[]): fc.Arbitrary<unknown> {
  const ids = [...foreignIds, crypto.randomUUID()];
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom("", " ", "\u0000", "\u202e", "\ud800", "<script>alert(1)</script>", "x".repeat(20_000), "2026-02-30", "#zzz", "../../etc/passwd"),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
    fc.constantFrom(...ids),
    fc.array(fc.constantFrom(...ids, ""), { maxLength: 3 }),
  );
}

/** A body with some of `fields` broken, prototype-pollution keys beside them, or anything at all. */
export function hostileJson(fields: string[], foreignIds: string[]): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const names = fields.length > 0 ? fields : ["name", "id", "project", "issues"];
  const pollution = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty");
  const known = fc.dictionary(fc.constantFrom(...names), hostileValue(foreignIds), { maxKeys: names.length });
  const polluted = fc.tuple(known, pollution, hostileValue(foreignIds)).map(([body, key, value]) => {
    // A key set as own data, as JSON.parse would make it (not through the prototype setter).
    Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
    return body;
  });
  return fc.oneof(
    known.map((json) => ({ json })),
    polluted.map((json) => ({ json })),
    fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })),
    fc.constantFrom("{", '{"name":', "[1,2", "null", '"text"', '{"name": "a"}}', "\u0000", "").map((raw) => ({ raw })),
  );
}

/** A multipart upload gone wrong: cut short, with odd names or attributes, without its boundary, or under another type. */
export function hostileMultipart(): fc.Arbitrary<{ raw: string; contentType: string }> {
  const boundary = "----fuzzboundary";
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const part = (name: string, filename: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  return fc.oneof(
    // Truncated: the closing boundary never comes.
    fc.string({ unit: "binary", maxLength: 200 }).map((content) => ({ raw: part("asset", "a.png", content), contentType: multipart })),
    // Whole, with odd file names and contents that are not images.
    fc
      .tuple(fc.constantFrom("../../x.png", "a\u0000.png", '"quoted".svg', "x".repeat(500), ""), fc.string({ maxLength: 200 }))
      .map(([filename, content]) => ({ raw: `${part("asset", filename, content)}--${boundary}--\r\n`, contentType: multipart })),
    // Attributes that are not JSON beside a real-looking part.
    fc.string({ maxLength: 100 }).map((attributes) => ({
      raw: `${part("asset", "a.png", "\x89PNG")}--${boundary}\r\nContent-Disposition: form-data; name="attributes"\r\n\r\n${attributes}\r\n--${boundary}--\r\n`,
      contentType: multipart,
    })),
    // No boundary, or not multipart at all.
    fc.string({ maxLength: 200 }).map((raw) => ({ raw, contentType: "multipart/form-data" })),
    fc.tuple(fc.string({ maxLength: 200 }), fc.constantFrom("application/json", "text/plain", "image/png")).map(([raw, contentType]) => ({ raw, contentType })),
  );
}
