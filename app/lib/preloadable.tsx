// A component kept in its own chunk that can still hydrate with the page. React.lazy suspends on
// its first render even when its chunk is already loaded, and a boundary still waiting for its
// chunk when the page updates is thrown away and rendered again on the client (React error 421).
// So the server marks each such chunk it rendered, the browser entry loads the marked chunks
// before it hydrates, and a loaded chunk renders at once, without suspending.
import { type ComponentType, type ReactNode, createElement, lazy } from "react";
import { Suspense } from "./suspense";

const CHUNK_ATTRIBUTE = "data-chunk";
const loaders = new Map<string, () => Promise<unknown>>();

export function preloadable<Props extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<Props> }>,
  fallback: ReactNode,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | null = null;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  loaders.set(name, loadOnce);
  const Lazy = lazy(loadOnce);
  function Inner(props: Props) {
    return createElement((loaded ?? Lazy) as ComponentType<Props>, props);
  }
  function Preloadable(props: Props) {
    // `contents` keeps the marker out of the layout: the chunk's root is laid out by our parent.
    return (
      <div className="contents" {...{ [CHUNK_ATTRIBUTE]: name }}>
        <Suspense fallback={fallback}>
          <Inner {...props} />
        </Suspense>
      </div>
    );
  }
  Preloadable.displayName = `Preloadable(${name})`;
  return Preloadable;
}

/** Loads every chunk the server rendered into this document; a chunk that fails is left to lazy. */
export function preloadRenderedChunks(): Promise<void> {
  const names = new Set<string>();
  for (const element of document.querySelectorAll(`[${CHUNK_ATTRIBUTE}]`)) {
    const name = element.getAttribute(CHUNK_ATTRIBUTE);
    if (name) names.add(name);
  }
  const pending = [...names].map((name) => loaders.get(name)?.().catch(() => undefined));
  return Promise.all(pending).then(() => undefined);
}
