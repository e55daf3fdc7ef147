// Sends a request to the Worker under test: the module workerd runs, with the real bindings,
// called as workerd calls it for each request.
//
// Why not `SELF.fetch`: under the vitest pool every `SELF.fetch` costs more than the one before it
// in the same test file (cloudflare/workers-sdk#15446): a 404 took 0.5 ms at first and 100 ms after
// 500 requests, which made the suite quadratic in its requests. Calling the exported handler
// keeps every request at its own cost. What `SELF` adds is only the HTTP hop into the isolate,
// which the app never sees; like workerd, this answers 500 when the handler throws, and leaves the
// `waitUntil` work running after the answer.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/index";

export async function fetchWorker(
  input: string | URL | Request,
  init?: RequestInit,
  ctx: ExecutionContext = createExecutionContext(),
): Promise<Response> {
  const request = new Request(input, init);
  try {
    return await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  } catch (error) {
    console.error("the Worker threw", error);
    return new Response("Internal Server Error", { status: 500 });
  }
}
