// zod may compile faster object parsers with `new Function`, and it probes for that when the first
// object schema is built. The page policy allows no eval, and the browser reports even the caught
// probe as a policy violation, so zod parses without it: the same answers, a little slower. The
// root route imports this module before anything else, so it runs before any schema is built.
import { z } from "zod";

z.config({ jitless: true });
