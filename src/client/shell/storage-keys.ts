// The localStorage keys the pre-paint script reads (render/assets/inline-script.ts). They equal
// those of shared/i18n.ts (test/client/storage.test.ts checks it) but live here so the entry does
// not import that module: esbuild would then put the whole dictionary in a chunk every page loads
// as soon as any lazy chunk (the search, an island) uses it.

/** The reader's UI language. */
export const LANG_STORAGE_KEY = 'shipdocs.lang';
/** The colour mode ("light" | "dark"). */
export const THEME_STORAGE_KEY = 'shipdocs.theme';
/** The reader's docs version. */
export const VERSION_STORAGE_KEY = 'shipdocs.docs.version';
/** Prefix of dismissed announcement bars (the bar id is appended). */
export const ANNOUNCEMENT_STORAGE_PREFIX = 'shipdocs.announcement.dismissed.';
