import { Component as ReactComponent, createElement, useEffect, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { CRASH_LABELS, type CrashLabel } from './crash-labels.js';

interface BoundaryProps {
  children?: React.ReactNode;
  onRetry: () => void;
  /** Called when it catches an error: a widget that crashes while hydrating never mounts. */
  onCaught: () => void;
}

/** A label in every UI language, like the server's <T> (CSS shows the reader's). */
function Label({ k }: { k: CrashLabel }): React.ReactElement {
  return (
    <>
      {Object.entries(CRASH_LABELS[k]).map(([lang, text]) => (
        <span key={lang} lang={lang} data-l={lang}>
          {text}
        </span>
      ))}
    </>
  );
}

/** 'This page crashed.': shown in place of an island that throws, with its error and a retry. */
class CrashBoundary extends ReactComponent<BoundaryProps, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };
  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }
  override componentDidCatch(): void {
    this.props.onCaught();
  }
  override render(): React.ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash" role="alert">
        <p className="crash__title">
          <Label k="pageCrashed" />
        </p>
        <button type="button" className="button button--primary crash__retry" onClick={this.props.onRetry}>
          <Label k="tryAgain" />
        </button>
        <details className="crash__details">
          <summary>{error.message || String(error)}</summary>
          <pre>{error.stack ?? String(error)}</pre>
        </details>
      </div>
    );
  }
}

/**
 * Calls `onMount` once its children have mounted: their effects run before a parent's, so by then
 * the widget has hydrated and read what it reads in its own effects.
 */
function Mounted({ onMount, children }: { onMount: () => void; children?: React.ReactNode }): React.ReactNode {
  useEffect(onMount, [onMount]);
  return children;
}

/**
 * Hydrates the island's server HTML; "Try again" re-mounts it from scratch. `onHydrated` is called
 * once, when the widget has hydrated (the presses held meanwhile can be given to it then). Returns
 * the unmount function (a client navigation that removes the island calls it).
 */
export function mountIsland(
  el: HTMLElement,
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  identifierPrefix: string,
  onHydrated?: () => void,
): () => void {
  let generation = 0;
  let root: Root | undefined;
  let hydrated = false;
  const mounted = (): void => {
    if (hydrated) return;
    hydrated = true;
    onHydrated?.();
  };
  const render = (): React.ReactElement =>
    createElement(
      CrashBoundary,
      { key: generation, onRetry: retry, onCaught: mounted },
      createElement(Mounted, { onMount: mounted }, createElement(component, props)),
    );
  function retry(): void {
    generation++;
    root?.render(render());
  }
  root = hydrateRoot(el, render(), { identifierPrefix });
  return () => root?.unmount();
}
