// zod may compile faster object parsers with `new Function`, and it probes for that when the first
// object schema is built. The page policy allows no eval, and the browser reports even the caught
// probe as a policy violation, so zod parses without it: the same answers, a little slower. The
// root route imports this module before anything else, so it runs before any schema is built.
//
// This is what `z.config({ jitless: true })` does, written without importing zod: zod keeps its
// settings in `globalThis.__zod_globalConfig` and adopts the object it finds there, and an import
// would move zod's core (4.4 KB gzipped) into the scripts every page loads up front. Should a zod
// upgrade rename it, the browser tests fail on the reported probe (tests/e2e/fixtures.ts).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
