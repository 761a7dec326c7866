import { listboxMove } from './listbox-keys.js';

/**
 * The navbar's menu of APIs (a site with several): a disclosure button over a list of links.
 * Enter, Space or a click opens it; ArrowDown/ArrowUp open it on the first/last link and move
 * between the links (Home/End jump); Escape closes it and gives the focus back to the button;
 * Tab out of it, an outside click or following a link closes it.
 */
export function initApiMenu(doc: Document): void {
  const select = doc.querySelector<HTMLElement>('[data-api-select]');
  const button = select?.querySelector<HTMLButtonElement>('button');
  const menu = select?.querySelector<HTMLElement>('ul');
  if (!select || !button || !menu) return;
  const links = (): HTMLAnchorElement[] => [...menu.querySelectorAll<HTMLAnchorElement>('a')];
  const isOpen = (): boolean => !menu.hidden;
  const open = (focus: 'first' | 'last' | 'none'): void => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const list = links();
    if (focus !== 'none') list[focus === 'first' ? 0 : list.length - 1]?.focus();
  };
  const close = (returnFocus: boolean): void => {
    if (!isOpen()) return;
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  };

  button.addEventListener('click', () => (isOpen() ? close(false) : open('none')));
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      open(e.key === 'ArrowUp' ? 'last' : 'first');
    }
  });
  menu.addEventListener('keydown', (e) => {
    const list = links();
    const next = listboxMove(e.key, list.indexOf(doc.activeElement as HTMLAnchorElement), list.length);
    if (next !== undefined) {
      e.preventDefault();
      list[next]!.focus();
    }
  });
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) close(false);
  });
  doc.addEventListener('pointerdown', (e) => {
    if (isOpen() && !select.contains(e.target as Node)) close(false);
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      e.preventDefault();
      close(true);
    }
  });
  select.addEventListener('focusout', (e) => {
    if (isOpen() && e.relatedTarget && !select.contains(e.relatedTarget as Node)) close(false);
  });
}
