/** The navbar badge ('Sin conexión - Modo offline' / 'No connection - Offline mode') while offline. */
export function initOfflineBadge(doc: Document): void {
  const badge = doc.querySelector<HTMLElement>('[data-offline-badge]');
  const update = (): void => {
    const offline = !navigator.onLine;
    if (badge) badge.hidden = !offline;
    doc.documentElement.toggleAttribute('data-offline', offline);
  };
  addEventListener('online', update);
  addEventListener('offline', update);
  update();
}
