import type { SiteView } from '../site-view.js';
import { ChevronIcon } from './icons.js';
import { T } from './T.js';

/** The route of the same doc in another version, else that version's docs root. */
function sameDocIn(site: SiteView, version: string, docId: string | undefined): string {
  const v = site.docsVersions.find((x) => x.name === version)!;
  return (docId && site.docRoutes.get(version)?.get(docId)) ?? `/${v.routeBase}`;
}

/** Navbar dropdown of docs versions (only when versions exist); links work without JavaScript. */
export function VersionDropdown({
  site,
  version,
  docId,
}: {
  site: SiteView;
  version: string | undefined;
  docId: string | undefined;
}): React.JSX.Element | null {
  if (site.docsVersions.length < 2) return null;
  const shown = site.docsVersions.find((v) => v.name === (version ?? site.docsVersions[1]!.name))!;
  return (
    <details className="version-select" data-version-select="">
      <summary className="version-select__button">
        <span className="sr-only">
          <T k="versions.label" />
        </span>
        <span data-version-current="">{shown.label}</span>
        <ChevronIcon className="version-select__chevron" />
      </summary>
      <ul className="version-select__menu">
        {site.docsVersions.map((v) => (
          <li key={v.name || 'current'}>
            <a
              className={`version-select__option${v.name === shown.name ? ' version-select__option--active' : ''}`}
              href={site.url(sameDocIn(site, v.name, docId))}
              data-version={v.name || 'current'}
              data-version-root={site.url(`/${v.routeBase}`)}
              {...(v.name === shown.name ? { 'aria-current': 'true' as const } : {})}
            >
              {v.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Banner over the docs of Next (unreleased) and of versions older than the latest. */
export function VersionBanner({ site, version, docId }: { site: SiteView; version: string; docId: string | undefined }): React.JSX.Element | null {
  const versions = site.docsVersions;
  if (versions.length < 2) return null;
  const latest = versions[1]!;
  if (version === latest.name) return null;
  const label = versions.find((v) => v.name === version)?.label ?? version;
  return (
    <div className="admonition admonition-warning version-banner" role="note">
      <div className="admonition-content">
        <p>
          {version === '' ? <T k="versions.unreleased" /> : <T k="versions.unmaintained" />} <b>{label}</b>
          {version === '' ? '.' : <T k="versions.unmaintainedTail" />} <T k="versions.latestPrefix" />{' '}
          <a href={site.url(sameDocIn(site, latest.name, docId))}>
            <T k="versions.latestLink" /> ({latest.label})
          </a>
          .
        </p>
      </div>
    </div>
  );
}
