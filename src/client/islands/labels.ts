// The few labels the island runtime draws itself, in both UI languages (CSS shows the reader's).
// Kept here rather than imported from the shared dictionary so the entry stays a few KB;
// test/client/labels.test.ts checks they match the dictionary's navigation.* entries.

export const ISLAND_LABELS = {
  pageCrashed: { es: 'Esta página ha fallado.', en: 'This page crashed.' },
  tryAgain: { es: 'Intentar de nuevo', en: 'Try again' },
  retry: { es: 'Reintentar', en: 'Retry' },
  chunkError: { es: 'No se pudo cargar esta parte de la página.', en: 'This part of the page could not be loaded.' },
  errorDetails: { es: 'Detalles del error', en: 'Error details' },
} as const;

export type IslandLabel = keyof typeof ISLAND_LABELS;

/** `<span lang data-l>` pairs, like the server's <T> component. */
export function labelNodes(doc: Document, key: IslandLabel): HTMLSpanElement[] {
  return (Object.entries(ISLAND_LABELS[key]) as [string, string][]).map(([lang, text]) => {
    const span = doc.createElement('span');
    span.lang = lang;
    span.dataset.l = lang;
    span.textContent = text;
    return span;
  });
}
