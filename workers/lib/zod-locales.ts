// What the Worker's bundle holds in place of zod's `locales` module (wrangler.toml's [alias]):
// the English messages only. zod re-exports every locale on its `z` namespace object, which a
// bundler cannot prune, so without this the Worker would carry (and compile at every cold start)
// about 400 KB of translations it never uses; the app's messages come from its own schemas, and
// zod's English defaults stay as they are (zod's schemas module sets them itself).
export { default as en } from "zod/v4/locales/en.js";
