// The built default site as validators and link unfurlers read it: html-validate's recommended
// preset over every page (the Nu HTML Checker, vnu, is run by hand: it needs Java), a preview
// card on every page, and feeds without widget markup. Reads the run's shared build of the default site.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { sharedDefaultSite } from '../browser/browser.js';

const GFM_ALIGN = { deprecated: false, enum: ['left', 'center', 'right'] };

/** The recommended preset; a rule is changed only where it conflicts with a deliberate choice. */
const CONFIG: ConfigData = {
  extends: ['html-validate:recommended'],
  // GFM tables align their cells as GitHub writes them (`align`, obsolete but still conforming: vnu only warns).
  elements: ['html5', { th: { attributes: { align: GFM_ALIGN } }, td: { attributes: { align: GFM_ALIGN } } }],
  rules: {
    // Pages mix React's serialisation (`<meta/>`, `hidden=""`) and hast-util-to-html's (`<img>`, `disabled`): both are valid HTML.
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // React writes some attributes as JSX spells them (charSet, autoComplete, dateTime); HTML attribute names ignore case.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    'doctype-style': ['error', { style: 'lowercase' }],
    // Highlighted code colours its tokens inline (light and dark in one pass); the announcement bar has the config's colours, MDX table cells their alignment.
    'no-inline-style': ['error', { allowedProperties: ['color', 'background-color', 'font-style', 'font-weight', 'text-decoration', 'text-align'] }],
    // React's useId() ids (islands) begin with "_", which HTML allows.
    'valid-id': ['error', { relaxed: true }],
    // A scrollable <pre> is itself the focusable, named region (as on GitHub); the language menu is a listbox that relabels the page in place.
    'prefer-native-element': ['error', { exclude: ['region', 'listbox'] }],
    // A title is its author's text; search engines shortening a long one is not a markup error.
    'long-title': 'off',
  },
};

let dist: string;
let pages: string[];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(dist, join(e.parentPath, e.name)))
    .sort();
}

beforeAll(() => {
  dist = sharedDefaultSite();
  pages = htmlFiles(dist);
}, 120_000);

describe('the built default site', () => {
  it('has no html-validate errors on any page', async () => {
    expect(pages.length).toBeGreaterThan(50);
    const validator = new HtmlValidate(CONFIG);
    const problems: string[] = [];
    for (const page of pages) {
      const report = await validator.validateString(readFileSync(join(dist, page), 'utf8'), page);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`);
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('gives every page an absolute og:image and a complete large-image Twitter card', () => {
    const image = 'https://docs.rutapack.example/img/social-card.png';
    // The OAuth redirect page is a hand-off nobody shares or finds (noindex, no content): no card.
    for (const page of pages.filter((p) => p !== 'oauth2-redirect.html')) {
      const head = readFileSync(join(dist, page), 'utf8').split('</head>')[0]!;
      const meta = (attr: string, name: string): string | undefined => new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(head)?.[1];
      expect(meta('property', 'og:image'), page).toBe(image);
      expect(meta('name', 'twitter:image'), page).toBe(image);
      expect(meta('name', 'twitter:card'), page).toBe('summary_large_image');
      expect(meta('name', 'twitter:title'), page).toBe(meta('property', 'og:title'));
      expect(meta('name', 'twitter:description'), page).toBe(meta('property', 'og:description'));
      expect(meta('name', 'twitter:title'), page).toBeTruthy();
      expect(meta('name', 'twitter:description'), page).toBeTruthy();
    }
  });

  it('writes feeds whose posts are static content: the tabs as sections, the island as its text, no controls', () => {
    for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
      const xml = readFileSync(join(dist, feed), 'utf8');
      const post = xml.split(/<item>|<entry>/).find((e) => e.includes('What MDX lets us do'))!;
      expect(post, feed).toMatch(/<section><h3>curl<\/h3>[\s\S]*<\/section><section><h3>JavaScript<\/h3>[\s\S]*<\/section><section><h3>Python<\/h3>/);
      expect(post, feed).toContain('<span>Parcel weight (kg)</span> <code>1</code>');
      expect(post, feed).toContain('Estimated price for 1 billable kg: $138.00');
      // no control, script, island props or hydration attribute in any post (task lists become ☑/☐)
      expect(xml, feed).not.toMatch(/<(input|button|label|select|textarea|script|template)\b|data-island|data-hydrate|tabindex|"basePrice"/i);
    }
  });
});
