import { afterEach, describe, expect, it } from 'vitest';
import * as shared from '../../src/shared/i18n.js';
import * as keys from '../../src/client/shell/storage-keys.js';
import { storage } from '../../src/client/shell/storage.js';
import { CRASH_LABELS } from '../../src/client/islands/crash-labels.js';
import { ISLAND_LABELS } from '../../src/client/islands/labels.js';

const g = globalThis as { localStorage?: unknown };
afterEach(() => {
  delete g.localStorage;
});

describe('storage', () => {
  it('reads and writes localStorage', () => {
    const data = new Map<string, string>();
    g.localStorage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
    storage.set('shipdocs.lang', 'en');
    expect(data.get('shipdocs.lang')).toBe('en');
    expect(storage.get('shipdocs.lang')).toBe('en');
    expect(storage.get('missing')).toBeNull();
  });

  it('never throws: storage disabled, missing or full', () => {
    g.localStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(storage.get('x')).toBeNull();
    expect(() => storage.set('x', '1')).not.toThrow();
    delete g.localStorage;
    expect(storage.get('x')).toBeNull();
    expect(() => storage.set('x', '1')).not.toThrow();
  });

  it('uses the same keys as the pre-paint script (shared/i18n.ts)', () => {
    expect(keys.LANG_STORAGE_KEY).toBe(shared.LANG_STORAGE_KEY);
    expect(keys.THEME_STORAGE_KEY).toBe(shared.THEME_STORAGE_KEY);
    expect(keys.VERSION_STORAGE_KEY).toBe(shared.VERSION_STORAGE_KEY);
    expect(keys.ANNOUNCEMENT_STORAGE_PREFIX).toBe(shared.ANNOUNCEMENT_STORAGE_PREFIX);
  });

  it("draws the chunk error and the crash page with the dictionary's words", () => {
    for (const [key, byLang] of Object.entries({ ...ISLAND_LABELS, ...CRASH_LABELS })) {
      for (const [lang, text] of Object.entries(byLang)) {
        expect(text, `${lang} ${key}`).toBe(shared.translate(lang as shared.Lang, `navigation.${key}` as shared.TextKey));
      }
    }
  });
});
