import { Component, type ReactNode } from 'react';

/**
 * A map whose code does not arrive (a dropped connection, a deploy that replaced its chunk) or cannot start leaves a
 * note in its place rather than taking the page down with it: the rest of the page works without it.
 */
export class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
