// The router's own module, imported by its path where "@remix-run/router" is aliased away
// (workers/lib/route-match-cache.ts): the same exports as the package.
declare module "@remix-run/router/dist/router.js" {
  export * from "@remix-run/router";
}
