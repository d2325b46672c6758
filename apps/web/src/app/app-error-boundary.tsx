import { Component, type ErrorInfo, type ReactNode } from 'react';

import { ErrorScreen } from '@/components/error-screen';

interface State {
  error: Error | null;
}

/**
 * Spec section 2: a fatal or unhandled error goes to the error screen. The router's own error elements
 * catch what happens in a route; this catches the rest of the tree (the common-data gate, the router's
 * providers), which React would otherwise unmount, leaving a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[app] fatal error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen status={500} message={this.state.error.message} />;
    return this.props.children;
  }
}
