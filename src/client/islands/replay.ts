// Clicks, key presses and values given to an island whose code is still loading would be lost: the
// server HTML has no handlers yet. They are held back while the island hydrates and given to the
// hydrated widget after: first the values typed or chosen meanwhile, then the presses. A control
// pressed meanwhile says that it waits (busy.ts).
import { pressedControl, showWaiting } from './busy.js';

/** Events held until hydration. A click's default action is deferred too (it happens on replay). */
const HELD = ['click', 'keydown'] as const;
/** Events that change a field's value: the last value of each field is entered again after hydration. */
const VALUES = ['input', 'change'] as const;

/** The fields whose typing or choosing is their value (their key presses are not replayed: the value is). */
const FIELDS = 'input, textarea, select, [contenteditable]';

interface Held {
  type: (typeof HELD)[number];
  /** Child indexes from the island to the target, to find it again if hydration replaced it. */
  path: number[];
  target: Element;
  init: MouseEventInit & KeyboardEventInit;
}

interface Entered {
  path: number[];
  target: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value: string;
}

export interface EventReplay {
  /**
   * Resolves once no press that began inside the island is still going on. Markup replaced
   * between a press and its release would lose the click (the browser sends it to neither button),
   * so the code renders after the click is held.
   */
  settled(): Promise<void>;
  /**
   * Stops holding events and gives the held ones to the hydrated markup: values entered meanwhile,
   * then presses; resolves once all are given.
   */
  release(): Promise<void>;
  /**
   * The code could not load: the pressed controls stop saying they wait; presses and values are
   * still held (those made since too), for a retry to give them to the widget once it loads.
   */
  failed(): void;
  /** Loading again after a failure: the controls pressed so far say they wait again. */
  retrying(): void;
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

/** The element the event was for, or the one at its place if hydration replaced it. */
function found<T extends Element>(root: Element, { target, path }: { target: T; path: number[] }): Element | undefined {
  return target.isConnected && root.contains(target) ? target : follow(root, path);
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

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
 * Gives a field's value to the hydrated widget as typing would. Hydration keeps what the field
 * shows, but React takes the value it found there as the last one it saw and ignores an event that
 * does not change it. So the field first takes another value through its own `value` setter (which
 * React watches), then the real one through the prototype's (which it does not), and the event
 * follows: React's handler then sees the reader's value as new.
 */
function enter(field: Entered['target'], value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Holds the clicks, key presses and field values given to `el` until `release()`. A held click is
 * stopped (its default action too: a link is followed, a checkbox ticked, on replay instead); a key
 * press is only recorded (it already did what the browser does: typing, activating a button, which
 * produces a click that is held), and not at all in a field, whose value is entered again instead.
 * Replayed events are untrusted, so the browser adds no default action of its own to a replayed key
 * press. The retry button of a failed load (`.chunk-error`) is left alone.
 */
export function holdEvents(el: HTMLElement): EventReplay {
  const held: Held[] = [];
  const entered = new Map<Element, Entered>();
  /** Undo functions of the busy marks, by pressed control. */
  const waiting = new Map<HTMLElement, () => void>();
  let loading = true;
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
  const markWaiting = (target: Element): void => {
    const control = pressedControl(el, target);
    if (control && !waiting.has(control)) waiting.set(control, showWaiting(control));
  };
  const unmarkAll = (): void => {
    waiting.forEach((unmark) => unmark());
    waiting.clear();
  };
  const hold = (e: Event): void => {
    if (replaying || !(e.target instanceof Element) || !e.isTrusted || e.target.closest('.chunk-error')) return;
    if (e.type === 'keydown' && e.target.closest(FIELDS)) return;
    held.push({ type: e.type as Held['type'], path: pathTo(el, e.target), target: e.target, init: initOf(e) });
    if (e.type === 'click') {
      e.preventDefault();
      e.stopImmediatePropagation();
      if (loading) markWaiting(e.target);
    }
  };
  const record = (e: Event): void => {
    const field = e.target;
    if (replaying || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
    if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(field.type)) return;
    // Last change last: a server chosen, then its variable typed, are entered in that order.
    entered.delete(field);
    entered.set(field, { path: pathTo(el, field), target: field, value: field.value });
  };
  el.addEventListener('pointerdown', press, true);
  HELD.forEach((type) => el.addEventListener(type, hold, true));
  VALUES.forEach((type) => el.addEventListener(type, record, true));
  return {
    settled: () => pressed ?? Promise.resolve(),
    async release() {
      el.removeEventListener('pointerdown', press, true);
      HELD.forEach((type) => el.removeEventListener(type, hold, true));
      VALUES.forEach((type) => el.removeEventListener(type, record, true));
      unmarkAll();
      replaying = true;
      // One task each, as the reader gave them: the widget renders each change before the next
      // (a server's variables appear once it is chosen; Execute sends what was entered).
      for (const value of [...entered.values()]) {
        const field = found(el, value);
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) enter(field, value.value);
        await nextTask();
      }
      entered.clear();
      for (const event of held.splice(0)) {
        const target = found(el, event);
        if (!target) continue;
        // A press focuses what it presses: so does its replay (focus lost meanwhile, a retry's button gone).
        if (event.type === 'click' && (!document.activeElement || document.activeElement === document.body) && target instanceof HTMLElement) target.focus();
        target.dispatchEvent(event.type === 'click' ? new MouseEvent('click', event.init) : new KeyboardEvent('keydown', event.init));
        await nextTask();
      }
      replaying = false;
    },
    failed() {
      loading = false;
      unmarkAll();
    },
    retrying() {
      loading = true;
      for (const event of held) if (event.type === 'click') markWaiting(found(el, event) ?? event.target);
    },
  };
}
