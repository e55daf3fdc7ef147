// Any path no other route matches answers 404 here, and the root error boundary shows "Page not
// found". Without this route the server still renders that boundary, but the browser, which
// learns the app's routes lazily, starts hydrating with no route at all and renders different
// markup (React's hydration errors 418 and 423 on every unknown URL).
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
