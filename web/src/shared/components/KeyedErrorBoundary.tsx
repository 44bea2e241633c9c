import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { resetKey: string; fallback: (error: unknown) => ReactNode; what: string; children: ReactNode };
type State = { error: unknown; key: string };

/** Shows `fallback` for an error of its children until `resetKey` changes (another page or address). */
export class KeyedErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('page failed') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.what} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback(this.state.error);
    return this.props.children;
  }
}
