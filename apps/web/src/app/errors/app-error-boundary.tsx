import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface State {
  error: unknown;
}

/** Catches what happens outside the router's own boundaries (providers, toaster). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected error', error, info.componentStack);
  }

  override render() {
    if (this.state.error !== null) {
      return <ErrorScreen onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
