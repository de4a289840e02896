import { Component, type ReactNode } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { LazyRouteErrorPage } from './lazy-route-error-page';

type Props = {
  children: ReactNode;
  /** True when the boundary is around a whole layout, so its page must supply its own <main>. */
  standalone?: boolean;
};

type BoundaryProps = Props & { at: string; onRetry: () => void };
type BoundaryState = { failed: boolean; error: unknown; at: string };

/**
 * A route's error page (what the data router's errorElement was, decision 044): what a page throws while
 * rendering (a lost chunk, an unknown product, a bug) shows the error page in its place, and the next page
 * change (any navigation, also to the same address) tries the page again, fetching again the queries that
 * failed into it (TanStack Query otherwise rethrows a suspense query's cached error without asking again).
 */
export function RouteErrorBoundary(props: Props) {
  const { key } = useLocation();
  const { reset } = useQueryErrorResetBoundary();
  return <Boundary {...props} at={key} onRetry={reset} />;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, at: this.props.at };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.at === state.at) return null;
    // Sets a flag the queries read when they mount: nothing else happens here.
    if (state.failed) props.onRetry();
    return { failed: false, error: undefined, at: props.at };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LazyRouteErrorPage error={this.state.error} standalone={this.props.standalone} />;
  }
}
