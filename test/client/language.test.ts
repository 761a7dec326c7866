import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DICTIONARY, LANGUAGES, resolveLanguage, translate } from '../../src/shared/i18n.js';
import type { Dictionary } from '../../src/shared/i18n/es.js';
import { inlineScript } from '../../src/render/assets/inline-script.js';
import { configSchema } from '../../src/config/schema.js';

describe('resolveLanguage: saved choice, else browser language, else es', () => {
  it('prefers a valid saved choice over the browser', () => {
    expect(resolveLanguage('en', ['es-MX'])).toBe('en');
    expect(resolveLanguage('es', ['en-US'])).toBe('es');
  });
  it('ignores a saved value that is not an available language', () => {
    expect(resolveLanguage('fr', ['en-GB'])).toBe('en');
    expect(resolveLanguage('', ['en'])).toBe('en');
    expect(resolveLanguage(null, ['de-DE', 'en-US'])).toBe('en');
  });
  it('takes the first browser language that is es or en, region and case ignored', () => {
    expect(resolveLanguage(undefined, ['EN-us', 'es'])).toBe('en');
    expect(resolveLanguage(undefined, ['pt-BR', 'es-419'])).toBe('es');
  });
  it('falls back to es, or to the first available language when es is not offered', () => {
    expect(resolveLanguage(undefined, ['fr-FR', 'de'])).toBe('es');
    expect(resolveLanguage(undefined, [])).toBe('es');
    expect(resolveLanguage(undefined, ['fr'], ['en'])).toBe('en');
    expect(resolveLanguage('es', ['es'], ['en'])).toBe('en');
  });
});

/** Runs the pre-paint inline script against a fake document, storage and navigator. */
function runPrePaint(options: {
  saved?: Record<string, string>;
  languages: string[];
  config?: Record<string, unknown>;
  storageThrows?: boolean;
}): Record<string, string> {
  const attrs: Record<string, string> = {};
  const config = configSchema.parse(options.config ?? {});
  const { code } = inlineScript(config);
  runInNewContext(code, {
    document: { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } },
    localStorage: {
      getItem: (k: string) => {
        if (options.storageThrows) throw new Error('denied');
        return options.saved?.[k] ?? null;
      },
    },
    navigator: { languages: options.languages, language: options.languages[0] },
    matchMedia: () => ({ matches: false }),
  });
  return attrs;
}

describe('the pre-paint script sets language and theme before first paint', () => {
  it('uses the saved language and theme', () => {
    expect(runPrePaint({ saved: { 'shipdocs.lang': 'en', 'shipdocs.theme': 'dark' }, languages: ['es-MX'] })).toMatchObject({
      'data-ui-lang': 'en',
      'data-theme': 'dark',
    });
  });
  it('resolves like resolveLanguage when nothing is saved', () => {
    for (const languages of [['en-US'], ['fr-FR'], ['es-ES', 'en'], ['de', 'en-GB']]) {
      expect(runPrePaint({ languages })['data-ui-lang']).toBe(resolveLanguage(null, languages));
    }
  });
  it('survives storage that throws (privacy modes) with the defaults', () => {
    expect(runPrePaint({ languages: ['fr'], storageThrows: true })).toMatchObject({ 'data-ui-lang': 'es', 'data-theme': 'light' });
  });
  it('marks a dismissed announcement bar by its id only', () => {
    const config = { announcementBar: { id: 'v2', content: 'Hi' } };
    expect(runPrePaint({ languages: ['en'], config, saved: { 'shipdocs.announcement.dismissed.v2': '1' } })['data-announcement-dismissed']).toBe('true');
    expect(runPrePaint({ languages: ['en'], config, saved: { 'shipdocs.announcement.dismissed.v1': '1' } })['data-announcement-dismissed']).toBeUndefined();
  });
  it('marks <html> with data-js (CSS shows the controls that need scripts only then)', () => {
    expect(runPrePaint({ languages: ['en'] })['data-js']).toBe('');
  });
  it('keeps the configured mode when the switch is disabled, whatever was saved', () => {
    const config = { colorMode: { defaultMode: 'light', disableSwitch: true } };
    expect(runPrePaint({ languages: ['en'], config, saved: { 'shipdocs.theme': 'dark' } })['data-theme']).toBe('light');
  });
});

/** Every string leaf of a dictionary, by dotted key. */
function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

describe('the interface dictionary', () => {
  const es = leaves(DICTIONARY.es);
  const en = leaves(DICTIONARY.en);

  it('has the spec sections, the same keys in es and en, and no empty string', () => {
    for (const section of [
      'navigation',
      'sidebar',
      'apiContent',
      'execute',
      'curl',
      'showApiData',
      'authorization',
      'export',
      'language',
    ] satisfies (keyof Dictionary)[]) {
      expect(Object.keys(DICTIONARY.es[section]).length, section).toBeGreaterThan(0);
    }
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [k, v] of [...es, ...en]) expect(v.trim(), k).not.toBe('');
  });

  it("holds the spec's English strings verbatim", () => {
    const english = new Set(en.values());
    for (const s of [
      'Execute API request',
      'Required parameters must be completed before testing the API',
      'Missing required parameters',
      'Error fetching.',
      'Request error',
      'Error',
      'Error exporting documentation for',
      'Error exporting Postman collection:',
      'Export error',
      'This page crashed.',
      'Try again',
      'Retry',
      'Bearer token',
      'Username',
      'Password',
      'API key',
      'Pending',
      'Authorized',
      'Edit',
      'Confirm',
      'Authorize',
    ]) {
      expect(english.has(s), s).toBe(true);
    }
    expect(translate('es', 'navigation.offline')).toBe('Sin conexión - Modo offline');
  });

  it('has a language record per language, none right-to-left', () => {
    expect(LANGUAGES.es).toEqual({ code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸', rtl: false });
    expect(LANGUAGES.en).toMatchObject({ code: 'en', nativeName: 'English', rtl: false });
  });
});
