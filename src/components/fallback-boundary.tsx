import type { ReactNode } from 'react';
import { Boundary } from '@/src/app/error-boundaries';

/**
 * A part of a page whose code loads on its own (a map, the not-eligible badge's tooltip) and does not arrive (a dropped
 * connection, a deploy that replaced its chunk) or cannot start leaves its fallback in its place rather than taking the
 * page down with it: the rest of the page works without it. The error is still logged, as every boundary here does.
 */
export class FallbackBoundary extends Boundary<{ fallback: ReactNode }> {
  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
