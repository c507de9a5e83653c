import { lazy, useState, type ComponentType } from 'react';

/**
 * A page's code in a chunk of its own, which its route may start loading before it is drawn.
 * React holds a Suspense boundary's content back until 300 ms after its fallback showed (React
 * 19's reveal throttle), so a chunk that came in ahead must not suspend: once loaded, the
 * component renders at once; before, it is an ordinary `React.lazy`.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: ComponentType<P>; preload: () => void } {
  let loaded: ComponentType<P> | undefined;
  const loading = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loading);
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy one to the loaded one would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload: () => void loading().catch(() => undefined) };
}
