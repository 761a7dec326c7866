import { describe, expect, it } from 'vitest';
import { loadConfig, locateKeyPath, validateConfig } from '../../src/config/load-config.js';
import { outputText, tempProject } from '../helpers/fixtures.js';

describe('validateConfig', () => {
  it('applies defaults to an empty config', () => {
    const { config, diagnostics } = validateConfig({});
    expect(diagnostics).toEqual([]);
    expect(config).toMatchObject({
      title: 'Documentation',
      baseUrl: '/',
      colorMode: { defaultMode: 'light', disableSwitch: false },
      ui: { defaultLanguage: 'es' },
    });
    expect(config!.docs).toMatchObject({ path: 'content/docs', routeBasePath: 'docs', tocMinHeadingLevel: 2, tocMaxHeadingLevel: 3 });
  });

  it('rejects unknown keys with a "did you mean", at any depth', () => {
    const { diagnostics } = validateConfig({ titel: 'x', navbar: { logo: { src: 'a.svg', srcDrak: 'b.svg' } } });
    expect(diagnostics.map((d) => d.message).sort()).toEqual([
      'Unknown key "srcDrak" in "navbar.logo". Did you mean "srcDark"?',
      'Unknown key "titel". Did you mean "title"?',
    ]);
    expect(diagnostics.every((d) => d.code === 'SD1002')).toBe(true);
  });

  it('reports every problem at once with its path', () => {
    const { config, diagnostics } = validateConfig({ baseUrl: 'docs', colorMode: { defaultMode: 'sepia' }, navbar: { items: [{ label: 3 }] } });
    expect(config).toBeUndefined();
    expect(diagnostics.map((d) => d.pointer)).toEqual(['/baseUrl', '/navbar/items/0/label', '/colorMode/defaultMode']);
    expect(diagnostics.find((d) => d.pointer === '/colorMode/defaultMode')!.message).toBe('"colorMode.defaultMode": expected one of "light", "dark".');
  });
});

describe('locateKeyPath', () => {
  it('finds nested keys in config source', () => {
    const src = "export default {\n  title: 'x',\n  navbar: {\n    logo: { srcc: 'a' },\n  },\n};\n";
    expect(locateKeyPath(src, ['navbar', 'logo', 'srcc'])).toEqual({ line: 4, column: 13 });
  });
});

describe('loadConfig', () => {
  it('uses defaults without a config file (zero-config)', async () => {
    const root = tempProject();
    const r = await loadConfig(root);
    expect(r.configFile).toBeUndefined();
    expect(r.config?.title).toBe('Documentation');
    expect(r.config?.untitled).toBe(true);
  });

  it('compiles site.config.ts with defineConfig from shipdocs', async () => {
    const root = tempProject({
      'site.config.ts': "import { defineConfig } from 'shipdocs';\nconst t: string = 'Typed';\nexport default defineConfig({ title: t, tagline: 'Hi' });\n",
    });
    const r = await loadConfig(root);
    expect(r.diagnostics).toEqual([]);
    expect(r.config).toMatchObject({ title: 'Typed', tagline: 'Hi' });
  });

  it('points validation errors at the key in the file', async () => {
    const root = tempProject({ 'site.config.ts': "export default {\n  title: 'x',\n  navbar: { hideOnScrol: true },\n};\n" });
    const r = await loadConfig(root);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD1002', file: 'site.config.ts', line: 3, column: 13 });
  });

  it('reports syntax errors with file, line and column', async () => {
    const root = tempProject({ 'site.config.ts': "export default {\n  title: 'x'\n  tagline: 'y',\n};\n" });
    const r = await loadConfig(root);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SD1003', file: 'site.config.ts', line: 3, column: 3 });
  });

  it('reports a config that throws', async () => {
    const root = tempProject({ 'site.config.ts': "throw new Error('boom');\nexport default {};\n" });
    const r = await loadConfig(root);
    expect(r.diagnostics[0]!.message).toContain('boom');
  });
});

describe('ui languages', () => {
  it('defaults defaultLanguage to the first of languages', () => {
    expect(validateConfig({ ui: { languages: ['en'] } }).config!.ui).toEqual({ languages: ['en'], defaultLanguage: 'en' });
    expect(validateConfig({ ui: { languages: ['en', 'es'] } }).config!.ui).toEqual({ languages: ['en', 'es'], defaultLanguage: 'en' });
    expect(validateConfig({}).config!.ui).toEqual({ languages: ['es', 'en'], defaultLanguage: 'es' });
    expect(validateConfig({ ui: { defaultLanguage: 'en' } }).config!.ui).toEqual({ languages: ['es', 'en'], defaultLanguage: 'en' });
  });

  it('rejects a defaultLanguage that is not among languages, and a language listed twice, with their paths', () => {
    const source = "export default {\n  ui: {\n    languages: ['en', 'en'],\n    defaultLanguage: 'es',\n  },\n};\n";
    const { config, diagnostics } = validateConfig({ ui: { languages: ['en', 'en'], defaultLanguage: 'es' } }, { file: 'site.config.ts', source });
    expect(config).toBeUndefined();
    expect(diagnostics).toMatchObject([
      { code: 'SD1001', pointer: '/ui/languages/1', message: '"ui.languages[1]": "en" is listed twice.' },
      {
        code: 'SD1001',
        pointer: '/ui/defaultLanguage',
        line: 4,
        column: 5,
        message: '"ui.defaultLanguage": "es" is not one of ui.languages (en, en); add it there or pick one of them.',
      },
    ]);
  });
});

describe('built pages', () => {
  it('carry the default interface language of the config', async () => {
    const { buildSite } = await import('../../src/render/build-site.js');
    const root = tempProject({ 'content/pages/about.md': '# About\n' });
    const built = await buildSite({ root, config: validateConfig({ ui: { languages: ['en'] } }).config! });
    const page = outputText(built.files, 'about/index.html');
    expect(page).toContain('data-ui-lang="en"');
    expect(page).toContain('var a=["en"]');
    expect(page).toContain('"data-ui-lang",l||"en"');
  });
});
