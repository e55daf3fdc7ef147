// A Miniflare plugin (loaded through `unsafeBindings`) that lets the bench run local D1 in a
// workerd process of its own, so the app's process does only what the edge runs in the Worker's
// isolate. Two kinds of binding:
//   { type: "d1-remote", options: { address } }  the app's D1 binding: the runtime's own D1 client
//       (`cloudflare-internal:d1-api`), whose requests go over HTTP to `address`;
//   { type: "d1-service", options: { service } }  the host's plain service binding to Miniflare's
//       D1 database service, which answers those requests.
const REMOTE_SERVICE = "d1-apart-remote";

export const plugins = {
  "d1-apart": {
    getBindings(bindings = []) {
      return bindings.map((binding) =>
        binding.type === "d1-service"
          ? { name: binding.name, service: { name: binding.options.service } }
          : {
              name: binding.name,
              wrapped: { moduleName: "cloudflare-internal:d1-api", innerBindings: [{ name: "fetcher", service: { name: REMOTE_SERVICE } }] },
            },
      );
    },
    getNodeBindings() {
      return {};
    },
    getServices({ options = [] }) {
      const remote = options.find((binding) => binding.type === "d1-remote");
      return remote ? [{ name: REMOTE_SERVICE, external: { address: remote.options.address, http: {} } }] : [];
    },
  },
};
