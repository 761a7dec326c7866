// The crash page's labels (islands/mount.tsx), in both UI languages, for the same reason as
// labels.ts: the mount chunk should not carry the whole dictionary. Checked against it by
// test/client/storage.test.ts.

export const CRASH_LABELS = {
  pageCrashed: { es: 'Esta página ha fallado.', en: 'This page crashed.' },
  tryAgain: { es: 'Intentar de nuevo', en: 'Try again' },
} as const;

export type CrashLabel = keyof typeof CRASH_LABELS;
