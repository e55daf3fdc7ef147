// Keyboard and pointer input that arrives while React is still hydrating the document is kept
// from React. React answers such an event by hydrating the whole page synchronously, and while
// Remix still decodes the streamed loader data its root suspends: the synchronous pass then
// fails (React errors 421, 426 and at worst 345, a page that never becomes interactive). Before
// hydration no handler of the app is attached, so nothing a person expects is lost; the
// browser's own behaviour (typing, following a link, submitting a form) is untouched.

/** The events React hydrates synchronously for (react-dom 18's discrete replayable events). */
const HELD_EVENTS = [
  "mousedown",
  "mouseup",
  "touchcancel",
  "touchend",
  "touchstart",
  "auxclick",
  "dblclick",
  "pointercancel",
  "pointerdown",
  "pointerup",
  "dragend",
  "dragstart",
  "drop",
  "compositionend",
  "compositionstart",
  "keydown",
  "keypress",
  "keyup",
  "input",
  "textInput",
  "copy",
  "cut",
  "paste",
  "click",
  "change",
  "contextmenu",
  "reset",
  "submit",
] as const;

let holding = false;
/** The root's first commit is done; input waits for the boundaries still hydrating below it. */
let rootHydrated = false;
/** Server-rendered Suspense boundaries (app/lib/suspense.tsx) whose content has not hydrated yet. */
const pendingBoundaries = new Set<object>();

function hold(event: Event) {
  event.stopImmediatePropagation();
}

/** Called once before hydrateRoot: input stops at the window until `releaseInput`. */
export function holdInputUntilHydrated() {
  if (holding) return;
  holding = true;
  for (const type of HELD_EVENTS) window.addEventListener(type, hold, true);
}

/** A boundary rendered by the server is still dehydrated after its parent's commit. */
export function boundaryPending(boundary: object) {
  pendingBoundaries.add(boundary);
}

/** A boundary's content hydrated (or the boundary went away): input may be released. */
export function boundaryHydrated(boundary: object) {
  if (!pendingBoundaries.delete(boundary)) return;
  if (rootHydrated && pendingBoundaries.size === 0) releaseInput();
}

/** Called by the root layout's first effect; input is released once no boundary is pending. */
export function rootHasHydrated() {
  rootHydrated = true;
  if (pendingBoundaries.size === 0) releaseInput();
}

/**
 * Called when the whole document has hydrated. It then carries `data-hydrated`, the one sign
 * that the page answers input (browser tests wait for it).
 */
function releaseInput() {
  if (document.documentElement.dataset.hydrated === "") return;
  document.documentElement.dataset.hydrated = "";
  if (!holding) return;
  holding = false;
  for (const type of HELD_EVENTS) window.removeEventListener(type, hold, true);
}
