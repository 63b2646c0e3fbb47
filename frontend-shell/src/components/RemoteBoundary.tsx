import { Component, type ReactNode } from 'react';
import { RemoteUnavailable } from './RemoteUnavailable';

interface State {
  failed: boolean;
}

/** Catches a remote page that throws while rendering (or a chunk that fails later). */
export class RemoteBoundary extends Component<{ name: string; children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[federation] page of "${this.props.name}" crashed`, error);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable name={this.props.name} /> : this.props.children;
  }
}
