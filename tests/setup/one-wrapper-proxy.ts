// The test pool (@cloudflare/vitest-pool-workers 0.15.1) wraps each Durable Object class and the
// Worker's entrypoint in a class whose constructor replaces the class's prototype with a Proxy of
// the prototype it had: every object it constructs adds one more Proxy around the last, and every
// property read on any of them then passes through all of them (cloudflare/workers-sdk#15092).
// A file that meets a few hundred Durable Objects (a rate limiter per user and per address) spent
// a tenth of its time in those traps, more with every test. Later releases of the pool install
// the Proxy once (workers-sdk#15106) but need a wrangler that needs Node 22 (stack notes).
//
// This does what the fix does, from outside: a Proxy asked for around a Proxy the pool's wrapper
// made, with the wrapper's own trap, is that Proxy. Every other Proxy is made as before. The
// wrapper's trap reads the prototype, and only for a name the prototype lacks asks the object the
// wrapper stands for, so one layer answers every read as any number of them did.

import { DurableObject, WorkerEntrypoint, WorkflowEntrypoint } from "cloudflare:workers";

/** The source of the pool's trap: it is the one that hands unknown names to the wrapped object. */
const WRAPPER_TRAP = "getUnknownPrototypeKey";
/** What the wrapped prototypes inherit from: the classes the pool's wrappers extend. */
const WRAPPED_BASES = new Set<object>([DurableObject.prototype, WorkerEntrypoint.prototype, WorkflowEntrypoint.prototype]);

const installed = Symbol.for("edge-tracker.one-wrapper-proxy");
const global = globalThis as typeof globalThis & { [installed]?: true };

if (!global[installed]) {
  global[installed] = true;
  const NativeProxy = Proxy;
  /** The Proxies the wrapper made, each with the source of its trap. */
  const wrapperProxies = new WeakMap<object, string>();
  /** A wrapper's Proxy: around a prototype of one of the bases, with the wrapper's one trap. */
  const isWrapperProxy = (wrapped: object, handler: ProxyHandler<object>) => {
    try {
      return WRAPPED_BASES.has(Object.getPrototypeOf(wrapped)) && typeof handler.get === "function" && String(handler.get).includes(WRAPPER_TRAP);
    } catch {
      // A revoked Proxy has no prototype to read: not the wrapper's.
      return false;
    }
  };
  globalThis.Proxy = new NativeProxy(NativeProxy, {
    construct(target, args: [object, ProxyHandler<object>], newTarget) {
      const [wrapped, handler] = args;
      const trap = wrapperProxies.get(wrapped);
      if (trap !== undefined && typeof handler?.get === "function" && String(handler.get) === trap) return wrapped;
      const made = Reflect.construct(target, args, newTarget === globalThis.Proxy ? target : newTarget);
      if (wrapped !== null && typeof wrapped === "object" && handler && isWrapperProxy(wrapped, handler)) wrapperProxies.set(made, String(handler.get));
      return made;
    },
  });
}
