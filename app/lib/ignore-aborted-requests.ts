// A request the router aborted on purpose (a newer load of the same data replaced it, or the page
// moved on) is not a failure. Remix's single fetch can reject a promise nobody awaits when such an
// abort races the answer, and the browser would report "signal is aborted without reason" as an
// uncaught error. Only AbortError is silenced; every other rejection is reported as before.
export function ignoreAbortedRequests() {
  window.addEventListener("unhandledrejection", (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
  });
}
