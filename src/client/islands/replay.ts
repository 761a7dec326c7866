// Clicks and key presses on an island whose code is still loading would be lost: the server HTML
// has no handlers yet. They are held back while the island hydrates and dispatched again after.

/** Events held until hydration. A click's default action is deferred too (it happens on replay). */
const HELD = ['click', 'keydown'] as const;

interface Held {
  type: (typeof HELD)[number];
  /** Child indexes from the island to the target, to find it again if hydration replaced it. */
  path: number[];
  target: Element;
  init: MouseEventInit & KeyboardEventInit;
}

export interface EventReplay {
  /**
   * Resolves once no press that began inside the island is still going on. Markup replaced
   * between a press and its release would lose the click (the browser sends it to neither button),
   * so the code renders after the click is held.
   */
  settled(): Promise<void>;
  /** Stops holding events and dispatches the held ones again, on the hydrated markup. */
  release(): void;
}

function pathTo(root: Element, target: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = target; node && node !== root; node = node.parentElement) {
    path.unshift(node.parentElement ? [...node.parentElement.children].indexOf(node) : 0);
  }
  return path;
}

function follow(root: Element, path: readonly number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const i of path) node = node?.children[i];
  return node;
}

function initOf(e: Event): MouseEventInit & KeyboardEventInit {
  const base = { bubbles: e.bubbles, cancelable: e.cancelable, composed: e.composed };
  if (e instanceof MouseEvent) {
    const { clientX, clientY, screenX, screenY, button, buttons, ctrlKey, shiftKey, altKey, metaKey, detail } = e;
    return { ...base, clientX, clientY, screenX, screenY, button, buttons, ctrlKey, shiftKey, altKey, metaKey, detail, view: e.view };
  }
  if (e instanceof KeyboardEvent) {
    const { key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey } = e;
    return { ...base, key, code, location, repeat, ctrlKey, shiftKey, altKey, metaKey, view: e.view };
  }
  return base;
}

/**
 * Holds the clicks and key presses made inside `el` until `release()`. A held click is stopped
 * (its default action too: a link is followed, a checkbox ticked, on replay instead); a key press
 * is only recorded (it already did what the browser does: typing, activating a button, which
 * produces a click that is held). Replayed events are untrusted, so the browser adds no default
 * action of its own to a replayed key press.
 */
export function holdEvents(el: HTMLElement): EventReplay {
  const held: Held[] = [];
  let replaying = false;
  let pressed: Promise<void> | undefined;
  const press = (e: PointerEvent): void => {
    if (pressed || !e.isTrusted) return;
    pressed = new Promise((resolve) => {
      const end = (): void => {
        window.removeEventListener('pointerup', end, true);
        window.removeEventListener('pointercancel', end, true);
        // The click follows the pointerup in the same task: it has been held by the next one.
        setTimeout(() => {
          pressed = undefined;
          resolve();
        });
      };
      window.addEventListener('pointerup', end, true);
      window.addEventListener('pointercancel', end, true);
    });
  };
  el.addEventListener('pointerdown', press, true);
  const hold = (e: Event): void => {
    if (replaying || !(e.target instanceof Element) || !e.isTrusted) return;
    held.push({ type: e.type as Held['type'], path: pathTo(el, e.target), target: e.target, init: initOf(e) });
    if (e.type === 'click') {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  HELD.forEach((type) => el.addEventListener(type, hold, true));
  return {
    settled: () => pressed ?? Promise.resolve(),
    release() {
      el.removeEventListener('pointerdown', press, true);
      HELD.forEach((type) => el.removeEventListener(type, hold, true));
      replaying = true;
      for (const event of held.splice(0)) {
        const target = event.target.isConnected && el.contains(event.target) ? event.target : follow(el, event.path);
        if (!target) continue;
        target.dispatchEvent(event.type === 'click' ? new MouseEvent('click', event.init) : new KeyboardEvent('keydown', event.init));
      }
      replaying = false;
    },
  };
}
