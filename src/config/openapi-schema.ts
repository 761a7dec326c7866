import { z } from 'zod';

// `openapi` of site.config.ts: `false`, one API (an object, its reference under `routeBasePath`),
// or several (a list, each with an id and its own route base). Rules between the entries of the
// list are checked here; those against the docs and the blog by `checkRouteBases`, on the whole config.

const proxyUrl = z
  .url({ protocol: /^https?$/ })
  .optional()
  .describe(
    "A CORS proxy (such as `shipdocs proxy`) the try-it may resend a request through after a direct one failed for CORS or network reasons; only when the reader confirms, with the proxy's host shown.",
  );

const NO_SECRET =
  'a client secret must not be in the site config: every reader of the site would get it. Leave it out; a reader who has one types it in the authorization panel';

/** Present at all, refused (custom, so the message is ours: a type error would only say "expected never"). */
const noSecret = z
  .unknown()
  .refine((v) => v === undefined, { message: NO_SECRET })
  .optional();

const oauthClient = z.strictObject({
  clientId: z
    .string()
    .min(1)
    .optional()
    .describe('A public client id the authorization panel prefills (a public client: the site is public, so no secret goes with it).'),
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'a scope is one word of printable characters, without spaces, quotes or backslashes'))
    .optional()
    .describe('The scopes the panel ticks at first (the reader may change them); OpenID Connect adds `openid` anyway.'),
  tokenUrl: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "OpenID Connect: the token endpoint, when the discovery document names one on another origin than its own (Google's: https://oauth2.googleapis.com/token), so that the pages' Content-Security-Policy lets the panel exchange the code there.",
    ),
  clientSecret: noSecret,
  client_secret: noSecret,
});

const oauth = z
  .record(z.string().min(1), oauthClient)
  .optional()
  .describe(
    'Defaults for the authorization panel, per security scheme name (`components.securitySchemes`) of an oauth2 or openIdConnect scheme: `{ clientId, scopes, tokenUrl }`. Public values only: a client secret is refused.',
  );

const release = z
  .strictObject({
    version: z.string().min(1).describe('The release\'s version, as readers know it ("1.3").'),
    date: z.iso.date('a date is written YYYY-MM-DD, e.g. "2026-06-02"').optional().describe('When it was released (YYYY-MM-DD).'),
    file: z.string().min(1).optional().describe('The document as it was in this release: a file in the project.'),
    git: z
      .string()
      .min(1)
      .optional()
      .describe('A git tag or revision holding the document as it was (`git show <git>:<document path>` in the project folder).'),
  })
  .superRefine((r, ctx) => {
    if (r.file !== undefined && r.git !== undefined)
      ctx.addIssue({ code: 'custom', path: ['git'], message: 'give a release either `file` or `git`, not both' });
    if ((r.file !== undefined || r.git !== undefined) && r.date === undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'a past release needs its `date` (YYYY-MM-DD): releases are ordered by it' });
  });

const changelog = z
  .array(release)
  .superRefine((releases, ctx) => {
    const current = releases.filter((r) => r.file === undefined && r.git === undefined);
    if (current.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: [releases.lastIndexOf(current[1]!), 'version'],
        message: 'only one release may go without `file` or `git`: the current document (its date)',
      });
    releases.forEach((r, i) => {
      const first = releases.findIndex((o) => o.version === r.version);
      if (first < i) ctx.addIssue({ code: 'custom', path: [i, 'version'], message: `"${r.version}" is already the version of changelog[${first}]` });
    });
  })
  .optional()
  .describe(
    "The API's releases, for its changelog page, feeds and badges: `{ version, date, file }` (a snapshot of the document) or `{ version, date, git }` (a git tag). The current document is the newest release (its `info.version`); an entry `{ version, date }` without `file` or `git` gives its date.",
  );

/** A route base as the routes are written: no slashes around it, "" for the site's root. */
export const trimBase = (base: string): string => base.replace(/^\/+|\/+$/g, '');

const singleApi = z.strictObject({
  path: z
    .string()
    .default('openapi')
    .describe('An OpenAPI file, or a folder holding one (several documents in it: one API each, under `<routeBasePath>/<id>`).'),
  routeBasePath: z.string().default('api'),
  proxyUrl,
  oauth,
  changelog,
});

const listedApi = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug: letters a-z, digits and single "-" between them, e.g. "shipping"')
      .describe('Names the API in routes (`api/<id>`), in `shipdocs mock --api <id>` and in the reader’s remembered credentials.'),
    path: z.string().min(1).describe('The OpenAPI file of this API, or a folder holding it.'),
    routeBasePath: z.string().optional().describe('Route of its overview; defaults to `api/<id>`.'),
    label: z.string().min(1).optional().describe("Its name in the navbar's API menu and in search results; defaults to the document's `info.title`."),
    proxyUrl,
    oauth,
    changelog,
  })
  .transform((api) => ({ ...api, routeBasePath: trimBase(api.routeBasePath ?? `api/${api.id}`) }));

/** Whether one route base is the other or holds it ("api" holds "api/tracking"; "" holds every route). */
function basesOverlap(a: string, b: string): boolean {
  const x = trimBase(a);
  const y = trimBase(b);
  return x === y || x === '' || y === '' || y.startsWith(`${x}/`) || x.startsWith(`${y}/`);
}

const apiList = z
  .array(listedApi)
  .min(1, 'list at least one API, or write `openapi: false` for a site without an API reference')
  .superRefine((apis, ctx) => {
    // Refinements run on a list with invalid entries too: those (no string route base yet) are left out.
    apis.forEach((api, i) => {
      if (typeof api.routeBasePath !== 'string') return;
      const first = apis.findIndex((a) => a.id === api.id);
      if (first < i)
        ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `"${api.id}" is already the id of openapi[${first}]; each API needs its own id` });
      const clash = apis.findIndex((a, j) => j < i && typeof a.routeBasePath === 'string' && basesOverlap(a.routeBasePath, api.routeBasePath));
      if (clash >= 0) {
        const other = apis[clash]!.routeBasePath;
        const how = other === api.routeBasePath ? 'is also the route base of' : 'overlaps the route base';
        ctx.addIssue({
          code: 'custom',
          path: [i, 'routeBasePath'],
          message: `"/${api.routeBasePath}" ${how} "/${other}" of openapi[${clash}] ("${apis[clash]!.id}"); give each API a route base of its own, none inside another`,
        });
      }
    });
  });

export const openapiSchema = z
  .union([z.literal(false), singleApi, apiList])
  .default({ path: 'openapi', routeBasePath: 'api' })
  .describe(
    'The API reference: `false`, one API `{ path, routeBasePath, proxyUrl, oauth, changelog }`, or a list of APIs `{ id, path, routeBasePath, label, proxyUrl, oauth, changelog }`.',
  );

type OpenApiConfig = z.output<typeof openapiSchema>;

/** The folders and files the API reference is read from (for watching and for the output-folder check). */
export function openApiPaths(openapi: OpenApiConfig): string[] {
  if (openapi === false) return [];
  return Array.isArray(openapi) ? openapi.map((a) => a.path) : [openapi.path];
}

/** A release of `changelog`, as the config gives it. */
export type ChangelogRelease = z.output<typeof release>;

/** The snapshot files the APIs' changelogs read (the dev server reloads the API when one changes). */
export function changelogFiles(openapi: OpenApiConfig): string[] {
  if (openapi === false) return [];
  return (Array.isArray(openapi) ? openapi : [openapi]).flatMap((a) => (a.changelog ?? []).flatMap((r) => (r.file === undefined ? [] : [r.file])));
}

interface Section {
  routeBasePath: string;
}

/**
 * The API route bases against the docs and the blog: a list's route bases may not be the docs' or
 * the blog's, nor hold them or sit inside them (the single-object form is as it always was).
 */
export function checkRouteBases(config: { openapi: OpenApiConfig; docs: false | Section; blog: false | Section }, ctx: z.RefinementCtx): void {
  if (!Array.isArray(config.openapi)) return;
  const sections = [
    ['docs', config.docs],
    ['blog', config.blog],
  ] as const;
  config.openapi.forEach((api, i) => {
    if (typeof api.routeBasePath !== 'string') return;
    for (const [name, section] of sections) {
      const base: unknown = section === false ? undefined : section?.routeBasePath;
      if (typeof base !== 'string' || !basesOverlap(api.routeBasePath, base)) continue;
      ctx.addIssue({
        code: 'custom',
        path: ['openapi', i, 'routeBasePath'],
        message: `"/${api.routeBasePath}" clashes with the ${name} under "/${trimBase(base)}"; choose a route base outside them (the default is "api/${api.id}")`,
      });
    }
  });
}

/** The authorization panel's defaults (`oauth`) of the API whose reference is at `basePath` ("/api", "/api/tracking"). */
export function oauthDefaults(
  openapi: OpenApiConfig,
  basePath: string,
): Record<string, { clientId?: string | undefined; scopes?: string[] | undefined; tokenUrl?: string | undefined }> | undefined {
  if (openapi === false) return undefined;
  if (!Array.isArray(openapi)) return openapi.oauth;
  return openapi.find((a) => `/${trimBase(a.routeBasePath)}` === basePath)?.oauth;
}
