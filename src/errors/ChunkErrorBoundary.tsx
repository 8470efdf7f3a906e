import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';
import { isChunkLoadError } from '../common/lib/chunk-load';

interface State {
  error: Error | null;
}

/** Catches a page that fails to load (ChunkLoadError) or render, and offers 重新加载. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[crudboard] page error', error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorScreen kind={isChunkLoadError(error) ? 'chunk' : 'render'} />;
  }
}
