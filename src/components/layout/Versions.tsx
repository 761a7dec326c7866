import type { ApiPageData } from '../../shared/api-model.js';
import type { DocsVersion } from '../../shared/model.js';
import type { SiteApiView, SiteView } from '../site-view.js';
import { apiOfRoute } from './ApiMenu.js';
import { ChevronIcon } from './icons.js';
import { T } from './T.js';

// The version menu of a versioned site, and the banner over the pages of a version that is not the
// latest. Docs and API reference share the versions: `docs version <name>` keeps both, so /docs/1.3
// pairs with /api/1.3, and a version chosen on one is the reader's version on the other.

/** The API page being shown: its API, which version of it, and the operation's slug (none on the overview or changelog). */
export interface ApiPageVersion {
  api: SiteApiView;
  version: string;
  slug: string | undefined;
}

/** The version readers are sent to: config `docs.lastVersion`, by default the newest in versions.json; undefined on a site without versions. */
function latestVersion(site: SiteView): DocsVersion | undefined {
  return site.docsVersions.find((v) => v.latest);
}

/** Which API and version an API page belongs to (an older version's pages live under "/api/1.3"). */
export function apiPageVersion(site: SiteView, page: ApiPageData): ApiPageVersion | undefined {
  const api = apiOfRoute(site.apis, page.api.basePath);
  return api && { api, version: page.api.docsVersion ?? '', slug: page.kind === 'operation' ? page.operation.slug : undefined };
}

/** The route of the same doc in another version, else that version's docs root. */
function sameDocIn(site: SiteView, version: string, docId: string | undefined): string {
  const v = site.docsVersions.find((x) => x.name === version)!;
  return (docId && site.docRoutes.get(version)?.get(docId)) ?? `/${v.routeBase}`;
}

/** The route of the same operation in another version of the API, else that version's overview. */
function sameOperationIn(api: SiteApiView, version: string, slug: string | undefined): string {
  const v = api.versions.find((x) => x.version === version)!;
  return slug && v.slugs.has(slug) ? `${v.basePath.replace(/\/$/, '')}/${slug}` : v.basePath;
}

/**
 * Where version `name` of the docs and of each API starts, in a fixed order (the docs, then the
 * APIs in the config's order): the client leads navbar links into the docs or an API to the
 * reader's version by swapping one root for the other. A version that kept no document of an API
 * pairs with the current reference.
 */
function versionRoots(site: SiteView, name: string): string[] {
  const docs = site.docsVersions.find((v) => v.name === name)!;
  const apis = site.apis.map((api) => (api.versions.find((v) => v.version === name) ?? api.versions[0]!).basePath);
  return [`/${docs.routeBase}`, ...apis].map((root) => site.url(root));
}

/** The route of `path`, a link into the current docs or an API, in version `name`: the same doc or API page where it has one. */
export function pathInVersion(site: SiteView, path: string, name: string): string {
  if (!name) return path;
  const under = (base: string): boolean => path === base || path.startsWith(`${base.replace(/\/$/, '')}/`);
  const docsBase = `/${site.docsVersions[0]!.routeBase}`;
  if (under(docsBase)) return sameDocIn(site, name, currentDocIds(site).get(path.replace(/\/$/, '') || '/'));
  for (const api of site.apis) {
    const kept = api.versions.find((v) => v.version === name);
    if (kept && under(api.basePath)) return sameOperationIn(api, name, path.slice(api.basePath.replace(/\/$/, '').length + 1) || undefined);
  }
  return path;
}

/** Doc id by route of the current docs, made once per site view (the navbar of every versioned page asks). */
const docIdsBySite = new WeakMap<SiteView, Map<string, string>>();
function currentDocIds(site: SiteView): Map<string, string> {
  let ids = docIdsBySite.get(site);
  if (!ids) {
    ids = new Map([...(site.docRoutes.get('') ?? new Map<string, string>())].map(([id, route]) => [route, id]));
    docIdsBySite.set(site, ids);
  }
  return ids;
}

interface VersionOption {
  /** The version's name, "current" for the current docs and reference. */
  key: string;
  label: string;
  href: string;
}

/**
 * The navbar's version menu (only when versions exist); links work without JavaScript. On a doc it
 * lists the docs versions, linked to the same doc; on an API page, the versions that kept the API,
 * linked to the same operation; elsewhere the docs versions, showing the reader's saved choice.
 */
export function VersionDropdown({
  site,
  version,
  docId,
  apiPage,
}: {
  site: SiteView;
  version: string | undefined;
  docId: string | undefined;
  apiPage?: ApiPageVersion | undefined;
}): React.JSX.Element | null {
  if (site.docsVersions.length < 2) return null;
  const label = (name: string): string => site.docsVersions.find((v) => v.name === name)?.label ?? name;
  const onApi = apiPage && apiPage.api.versions.length > 1 ? apiPage : undefined;
  const options: VersionOption[] = onApi
    ? onApi.api.versions.map((v) => ({ key: v.version || 'current', label: label(v.version), href: sameOperationIn(onApi.api, v.version, onApi.slug) }))
    : site.docsVersions.map((v) => ({ key: v.name || 'current', label: v.label, href: sameDocIn(site, v.name, docId) }));
  const shownName = onApi ? onApi.version : (version ?? latestVersion(site)!.name);
  const shown = shownName || 'current';
  return (
    // "page": the menu shows the page's own version (a doc, an API page), not the reader's saved choice.
    <details className="version-select" data-version-select={onApi || version !== undefined ? 'page' : ''}>
      <summary className="version-select__button">
        <span className="sr-only">
          <T k="versions.label" />
        </span>
        <span data-version-current="">{label(shownName)}</span>
        <ChevronIcon className="version-select__chevron" />
      </summary>
      <ul className="version-select__menu">
        {options.map((o) => (
          <li key={o.key}>
            <a
              className={`version-select__option${o.key === shown ? ' version-select__option--active' : ''}`}
              href={site.url(o.href)}
              data-version={o.key}
              data-version-roots={versionRoots(site, o.key === 'current' ? '' : o.key).join(' ')}
              {...(o.key === shown ? { 'aria-current': 'true' as const } : {})}
            >
              {o.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Banner over the docs of Next (unreleased) and of versions older than the latest. */
export function VersionBanner({ site, version, docId }: { site: SiteView; version: string; docId: string | undefined }): React.JSX.Element | null {
  const latest = latestVersion(site);
  return latest ? <VersionNote site={site} version={version} latestHref={sameDocIn(site, latest.name, docId)} /> : null;
}

/** The same banner over an API page of Next or of an older version, linked to the page in the latest version that kept the API. */
export function ApiVersionBanner({ site, data }: { site: SiteView; data: ApiPageData }): React.JSX.Element | null {
  const page = apiPageVersion(site, data);
  const latest = latestVersion(site);
  if (!page || !latest || page.api.versions.length < 2) return null;
  const { api } = page;
  const target = api.versions.some((v) => v.version === latest.name) ? latest.name : '';
  if (target === page.version) return null;
  return <VersionNote site={site} version={page.version} latestHref={sameOperationIn(api, target, page.slug)} />;
}

function VersionNote({ site, version, latestHref }: { site: SiteView; version: string; latestHref: string }): React.JSX.Element | null {
  const versions = site.docsVersions;
  const latest = latestVersion(site)!;
  if (version === latest.name) return null;
  const label = versions.find((v) => v.name === version)?.label ?? version;
  // Next is unreleased only while a version is the latest; a version older than the latest is no longer maintained.
  const unreleased = version === '';
  return (
    <div className="admonition admonition-warning version-banner" role="note">
      <div className="admonition-content">
        <p>
          {unreleased ? <T k="versions.unreleased" /> : <T k="versions.unmaintained" />} <b>{label}</b>
          {unreleased ? '.' : <T k="versions.unmaintainedTail" />} <T k="versions.latestPrefix" />{' '}
          <a href={site.url(latestHref)}>
            <T k="versions.latestLink" /> ({latest.label})
          </a>
          .
        </p>
      </div>
    </div>
  );
}
