/** The parts of navigator.connection (Network Information API) that matter here. */
export interface ConnectionInfo {
  effectiveType?: string | undefined;
  saveData?: boolean | undefined;
}

/** Prefetching is skipped on 2g (and slow-2g) connections and when the reader asked to save data. */
export function canPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}
