import { z } from 'zod';
import { checkRouteBases, openapiSchema } from './openapi-schema.js';

// The one strict schema of site.config.ts. Every field has a default or is optional, so an
// empty config (or none at all) is a working site. Unknown keys are rejected.

const linkTarget = z.enum(['_self', '_blank']);

const uiLanguage = z.enum(['es', 'en']);

const styleRecord = z.record(z.string(), z.union([z.string(), z.number()]));

const logoSchema = z.strictObject({
  src: z.string().min(1).describe('Logo image, relative to static/ (e.g. "img/logo.svg") or an absolute URL.'),
  srcDark: z.string().min(1).optional().describe('Logo used in dark mode; defaults to src.'),
  alt: z.string().optional().describe('Alternative text; defaults to the site title.'),
  href: z.string().optional().describe('Where the logo links; defaults to the site root.'),
  target: linkTarget.optional().describe('"_blank" opens the logo link in a new tab.'),
  height: z.union([z.number(), z.string()]).optional(),
  width: z.union([z.number(), z.string()]).optional(),
  className: z.string().optional(),
  style: styleRecord.optional(),
});

const navItemSchema = z.strictObject({
  label: z.string().min(1),
  to: z.string().optional().describe('Internal route, e.g. "/docs/intro".'),
  href: z.string().optional().describe('External URL; opens in a new tab.'),
  position: z.enum(['left', 'right']).default('left'),
  target: linkTarget.optional(),
  className: z.string().optional(),
  activeBasePath: z.string().optional().describe('Route prefix that marks the item active; defaults to `to`.'),
});

const footerLinkSchema = z.strictObject({
  label: z.string().min(1),
  to: z.string().optional(),
  href: z.string().optional(),
  target: linkTarget.optional(),
  icon: z.enum(['facebook', 'instagram', 'tiktok', 'linkedin', 'github', 'x', 'discord', 'stackoverflow', 'whatsapp', 'pdf', 'mail']).optional(),
});

/** Whether `openapi.path` is the default folder, which may be absent (a site without an API). */
export function isDefaultOpenApiPath(path: string): boolean {
  return path.replace(/^\.\/|\/$/g, '') === 'openapi';
}

export const configSchema = z
  .strictObject({
    title: z.string().min(1).optional(),
    tagline: z.string().default(''),
    url: z
      .url({ protocol: /^https?$/ })
      .optional()
      .describe('Production origin, used for canonical URLs and the sitemap.'),
    baseUrl: z
      .string()
      .regex(/^\/(?:[^/?#\s]+\/)*$/, 'must start and end with "/", e.g. "/" or "/docs-site/"')
      .default('/'),
    favicon: z.string().optional(),
    image: z
      .string()
      .optional()
      .describe(
        "The site's preview image (og:image and the Twitter card) for pages without an `image` of their own: a path in the static folder or an https URL; link previews expect about 1200×630, PNG or JPEG.",
      ),
    noIndex: z.boolean().default(false).describe('When true, robots.txt disallows everything and pages carry noindex.'),
    lang: z.string().default('en').describe('Content language, the <html lang> attribute.'),
    navbar: z
      .strictObject({
        title: z.string().optional(),
        logo: logoSchema.optional(),
        items: z.array(navItemSchema).default([]),
        hideOnScroll: z.boolean().default(false),
        search: z.boolean().default(true),
        apiLink: z.boolean().default(true).describe('Adds the API link (to the API reference) on the right when an OpenAPI document exists.'),
      })
      .default({ items: [], hideOnScroll: false, search: true, apiLink: true }),
    footer: z
      .strictObject({
        style: z.enum(['light', 'dark']).default('dark'),
        links: z.array(z.strictObject({ title: z.string().min(1), items: z.array(footerLinkSchema) })).default([]),
        copyright: z.string().optional(),
        logo: z
          .strictObject({
            src: z.string().min(1),
            srcDark: z.string().optional(),
            alt: z.string().optional(),
            href: z.string().optional(),
            width: z.union([z.number(), z.string()]).optional(),
            height: z.union([z.number(), z.string()]).optional(),
          })
          .optional(),
      })
      .optional(),
    colorMode: z
      .strictObject({
        defaultMode: z.enum(['light', 'dark']).default('light'),
        disableSwitch: z.boolean().default(false),
        respectPrefersColorScheme: z.boolean().default(false),
      })
      .default({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }),
    announcementBar: z
      .strictObject({
        id: z
          .string()
          .regex(/^[\w-]+$/, 'may only hold letters, digits, "_" and "-"')
          .default('announcement-bar'),
        content: z.string().min(1).describe('Inline markdown or HTML; sanitized.'),
        dismissible: z.boolean().default(true),
        backgroundColor: z.string().optional(),
        textColor: z.string().optional(),
      })
      .optional(),
    docs: z
      .union([
        z.literal(false),
        z.strictObject({
          path: z.string().default('content/docs'),
          routeBasePath: z.string().default('docs'),
          tocMinHeadingLevel: z.number().int().min(2).max(6).default(2),
          tocMaxHeadingLevel: z.number().int().min(2).max(6).default(3),
          editUrl: z.string().optional().describe('Base URL for "Edit this page" links; the doc path is appended.'),
          sidebarCollapsed: z
            .boolean()
            .default(true)
            .describe('Sidebar categories start closed, but for the one holding the page; `collapsed` in a `_category_` file decides for its category.'),
          lastVersion: z
            .string()
            .min(1)
            .optional()
            .describe(
              "On a versioned site, the version readers are sent to and that has no banner: `'current'` (the docs being written, still labelled Next) or a name in versions.json. Defaults to the newest version in versions.json.",
            ),
        }),
      ])
      .default({ path: 'content/docs', routeBasePath: 'docs', tocMinHeadingLevel: 2, tocMaxHeadingLevel: 3, sidebarCollapsed: true }),
    blog: z
      .union([
        z.literal(false),
        z.strictObject({
          path: z.string().default('content/blog'),
          routeBasePath: z.string().default('blog'),
          title: z.string().default('Blog'),
          description: z.string().default(''),
          postsPerPage: z.number().int().min(1).default(10),
        }),
      ])
      .default({ path: 'content/blog', routeBasePath: 'blog', title: 'Blog', description: '', postsPerPage: 10 }),
    pages: z.strictObject({ path: z.string().default('content/pages') }).default({ path: 'content/pages' }),
    staticDir: z.string().default('static'),
    customCss: z
      .union([z.string().min(1), z.array(z.string().min(1))])
      .default([])
      .transform((css) => (typeof css === 'string' ? [css] : css))
      .describe(
        "The site's own stylesheets (paths from the project root), added after the theme's in this order; `shipdocs serve` applies an edit without reloading the page. Link images and fonts by absolute path (`/img/x.png`, from the static folder).",
      ),
    openapi: openapiSchema,
    offline: z
      .boolean()
      .default(false)
      .describe(
        'Offline reading: a service worker (`sw.js`) keeps the shell (styles, scripts, search index, an offline page) and every page a reader opens; without a network, those pages open as usual and others show the offline page listing them; a new deployment offers the reader a reload. Requests to APIs are never kept. Turned off again, the next build ships a worker that removes itself.',
      ),
    ui: z
      .strictObject({
        languages: z.array(uiLanguage).min(1).default(['es', 'en']).describe('Interface languages the reader can pick, in menu order.'),
        defaultLanguage: uiLanguage
          .optional()
          .describe('Language before the reader picks one (and the browser names none of `languages`); defaults to the first of `languages`.'),
      })
      .superRefine((ui, ctx) => {
        const seen = new Set<string>();
        ui.languages.forEach((lang, i) => {
          if (seen.has(lang)) ctx.addIssue({ code: 'custom', path: ['languages', i], message: `"${lang}" is listed twice` });
          seen.add(lang);
        });
        if (ui.defaultLanguage !== undefined && !ui.languages.includes(ui.defaultLanguage)) {
          ctx.addIssue({
            code: 'custom',
            path: ['defaultLanguage'],
            message: `"${ui.defaultLanguage}" is not one of ui.languages (${ui.languages.join(', ')}); add it there or pick one of them`,
          });
        }
      })
      .transform((ui) => ({ languages: ui.languages, defaultLanguage: ui.defaultLanguage ?? ui.languages[0]! }))
      .default({ languages: ['es', 'en'], defaultLanguage: 'es' }),
  })
  .superRefine(checkRouteBases)
  // A config without a title (zero-config) is `untitled`: the site takes its API's title when it has one.
  // Without a url, absolute links (canonical, sitemap, feeds, llms.txt, exports) point at the local
  // preview's address, and the build warns (`localUrl`).
  .transform((config) => ({
    ...config,
    title: config.title ?? DEFAULT_TITLE,
    untitled: config.title === undefined,
    url: config.url ?? LOCAL_URL,
    localUrl: config.url === undefined,
  }));

/** The title of a site whose config gives none and that has no API to be named after. */
const DEFAULT_TITLE = 'Documentation';
/** The address of a site whose config gives no url: `shipdocs serve`'s. */
const LOCAL_URL = 'http://localhost:3000';

/** What users write: every field optional. */
export type UserConfig = z.input<typeof configSchema>;
/** What the pipeline sees: defaults applied. */
export type SiteConfig = z.output<typeof configSchema>;
export type NavItem = SiteConfig['navbar']['items'][number];
type LogoConfig = z.output<typeof logoSchema>;
