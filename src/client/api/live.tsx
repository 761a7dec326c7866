import { createContext, useCallback, useContext, useLayoutEffect, useRef, useState } from 'react';

// After a change a panel makes (authorized, edited, request sent, response in), focus goes to what
// now holds the result, or stays on a control that is still there and enabled: never on one that
// went away or was disabled, where the browser would drop it to the page. And the change is said
// once, in the panel's own polite live region (the authorization dialog shares one between its
// schemes; the try-it has one).

/** Says a change in the panel's live region. */
export type Announce = (message: React.ReactNode) => void;

/** A panel's live region, and the function that says something in it. */
export function useAnnouncer(): { region: React.JSX.Element; announce: Announce } {
  const [said, setSaid] = useState<{ n: number; message: React.ReactNode }>({ n: 0, message: null });
  const announce = useCallback<Announce>((message) => setSaid((s) => ({ n: s.n + 1, message })), []);
  const region = (
    <p className="sr-only" role="status" data-panel-status="">
      {/* A new node each time: the same words said again are a change too. */}
      <span key={said.n}>{said.message}</span>
    </p>
  );
  return { region, announce };
}

/** The live region of the panel around (the authorization dialog's, for its schemes' forms). */
export const AnnounceContext = createContext<Announce>(() => undefined);
export const useAnnounce = (): Announce => useContext(AnnounceContext);

type Target = () => HTMLElement | null | undefined;

/**
 * Returns `focusAfter(target)`: once React has rendered the change being made, focus moves to the
 * element `target()` gives, if it is still where the change began: inside `within()` or lost to
 * the page (the pressed control went away). A reader who moved elsewhere meanwhile (a response that
 * took seconds) keeps their place.
 */
export function useFocusAfter(within: () => Element | null | undefined): (target: Target) => void {
  const next = useRef<Target | undefined>(undefined);
  const [, rerender] = useState(0);
  // After every render: cheap, and the element exists by then whichever state brought it.
  useLayoutEffect(() => {
    const target = next.current;
    if (!target) return;
    next.current = undefined;
    const active = document.activeElement;
    if (active && active !== document.body && !within()?.contains(active)) return;
    target()?.focus();
  });
  return useCallback((target: Target) => {
    next.current = target;
    rerender((n) => n + 1);
  }, []);
}

/** How a scheme's change is said: "bearerAuth: Authorized". */
export function schemeState(key: string, state: React.ReactNode): React.JSX.Element {
  return (
    <>
      {key}: {state}
    </>
  );
}

/**
 * A security scheme's card in the authorization dialog (AuthPanel.tsx, OAuthScheme.tsx): `changed`
 * says the scheme's new state in the dialog's live region and gives the focus to what `focus`
 * returns, the card itself unless told.
 */
export function useSchemeCard(key: string): {
  card: React.RefObject<HTMLElement | null>;
  changed: (state: React.ReactNode, focus?: Target) => void;
} {
  const card = useRef<HTMLElement>(null);
  const announce = useAnnounce();
  const focusAfter = useFocusAfter(() => card.current?.closest('dialog'));
  const changed = (state: React.ReactNode, focus: Target = () => card.current): void => {
    announce(schemeState(key, state));
    focusAfter(focus);
  };
  return { card, changed };
}
