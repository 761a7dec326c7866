import { Component as ReactComponent, createElement, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

interface BoundaryProps {
  children?: React.ReactNode;
  onRetry: () => void;
}

/** 'This page crashed.': shown in place of an island that throws, with its error and a retry. */
class CrashBoundary extends ReactComponent<BoundaryProps, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };
  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }
  override render(): React.ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash" role="alert">
        <p className="crash__title">This page crashed.</p>
        <button type="button" className="button button--primary crash__retry" onClick={this.props.onRetry}>
          Try again
        </button>
        <details className="crash__details">
          <summary>{error.message}</summary>
          <pre>{error.stack ?? String(error)}</pre>
        </details>
      </div>
    );
  }
}

const roots = new WeakMap<HTMLElement, Root>();

/** Hydrates the island's server HTML; "Try again" re-mounts it from scratch. */
export function mountIsland(el: HTMLElement, component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>, identifierPrefix: string): void {
  let generation = 0;
  const render = (): React.ReactElement => createElement(CrashBoundary, { key: generation, onRetry: retry }, createElement(component, props));
  function retry(): void {
    generation++;
    roots.get(el)?.render(render());
  }
  roots.set(el, hydrateRoot(el, render(), { identifierPrefix }));
}
