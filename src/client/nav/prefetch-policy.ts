/** The parts of navigator.connection (Network Information API) that matter here. */
export interface ConnectionInfo {
  effectiveType?: string | undefined;
  saveData?: boolean | undefined;
}

/**
 * Prefetching is skipped on 2g (and slow-2g) connections, when the reader asked to save data, and
 * while the browser is offline (`online`: navigator.onLine; every fetch would fail).
 */
export function canPrefetch(connection: ConnectionInfo | undefined, online = true): boolean {
  if (!online) return false;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
