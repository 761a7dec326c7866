// The labels of the chunk error (part of the entry), in both UI languages (CSS shows the reader's).
// Kept here rather than imported from the shared dictionary so the entry stays a few KB (the crash
// page's are in crash-labels.ts: a module shared by the entry and a chunk would become a chunk of
// its own); test/client/storage.test.ts checks they match the dictionary's navigation.* entries.

export const ISLAND_LABELS = {
  retry: { es: 'Reintentar', en: 'Retry' },
  chunkError: { es: 'No se pudo cargar esta parte de la página.', en: 'This part of the page could not be loaded.' },
} as const;

export type IslandLabel = keyof typeof ISLAND_LABELS;
