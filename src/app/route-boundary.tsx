import { Component, lazy, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './route-error';
import type { ViewLoader } from './view-modules';

/*
 * The declarative router (<BrowserRouter> + <Routes>) leaves react-router's data router out of the
 * bundle (~16 KB gzipped on every route). These are the two things the data router gave us that it
 * does not: knowing that a view's chunk is loading, and a per-route error boundary.
 */

let loading = 0;
const listeners = new Set<() => void>();
const setLoading = (delta: number) => {
  loading += delta;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** True while a view's chunk is being downloaded (the header shows a progress bar meanwhile). */
export function useViewLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}

/**
 * A route module's `Component`, loaded on its first render; rendered at once when its chunk has
 * already arrived (the boot loads the opened view's before the first render). A lazy component
 * suspends even then, for a turn, and React holds back the view that follows a shown fallback for
 * up to 300 ms: that pause was most of a chart's second visit, which draws from the browser's cache.
 */
export function lazyView(load: ViewLoader) {
  const Lazy = lazy(() => {
    const p = load();
    // React calls this while rendering: tell the header on the next microtask, not during the render.
    queueMicrotask(() => setLoading(1));
    const done = () => queueMicrotask(() => setLoading(-1));
    p.then(done, done);
    return p.then((m) => ({ default: m.Component }));
  });
  // `loaded` is set before the lazy component's own promise settles, so a view shown through
  // `Lazy` never turns into a direct one later (which would mount it afresh).
  return function View() {
    const Loaded = load.loaded?.Component;
    return Loaded ? <Loaded /> : <Lazy />;
  };
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}
interface BoundaryState {
  failed: boolean;
  error: unknown;
  key: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }
  // A navigation (another view, or other search params) gives the view a fresh try.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, error: undefined, key: props.resetKey };
  }
  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Per-route error boundary: the view's failure is shown in its place; the header stays usable. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  return <Boundary resetKey={useLocation().key}>{children}</Boundary>;
}
