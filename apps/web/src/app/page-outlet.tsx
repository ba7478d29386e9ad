import { Component, Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteError } from '../components/layout/route-error';
import { Loading } from '../components/ui/spinner';

/** A page that fails to load (a deploy replaced its chunk, the network dropped) or to render. */
class PageErrorBoundary extends Component<{ children: ReactNode; path: string }, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { path: string }, state: { path: string }) {
    // Another address clears the error: the visitor went somewhere else.
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Where a page's content goes inside a frame: its own loading state and error boundary. */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary path={pathname}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
