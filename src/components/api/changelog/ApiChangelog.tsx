import { historyFeeds, type ApiRelease, type HistoryChange, type HistoryChangeKind, type ReleaseOperation } from '../../../shared/api-history.js';
import type { HttpMethod } from '../../../shared/api-model.js';
import type { TextKey } from '../../../shared/i18n.js';
import type { Route } from '../../../shared/model.js';
import type { SiteView } from '../../site-view.js';
import { Breadcrumbs } from '../../layout/DocChrome.js';
import { T } from '../../layout/T.js';
import { ApiLayout } from '../layout/ApiLayout.js';
import { MethodBadge } from '../MethodBadge.js';

/** The text of each kind of change: a word beside each change, so no kind is told by colour alone. */
const KIND_LABEL: Record<HistoryChangeKind, TextKey> = {
  breaking: 'apiHistory.breaking',
  deprecation: 'apiHistory.deprecation',
  'non-breaking': 'apiHistory.nonBreaking',
  'documentation-only': 'apiHistory.documentationOnly',
};

/** `/api/changelog`: each release, newest first, its changes under tag and operation. */
export function ApiChangelog({ site, route }: { site: SiteView; route: Route }): React.JSX.Element {
  if (route.data.kind !== 'api' || route.data.page.kind !== 'changelog') throw new Error('ApiChangelog needs the changelog route');
  const { api, history } = route.data.page;
  const feeds = historyFeeds(history);
  return (
    <ApiLayout site={site} api={api} route={route.path} currentTag={undefined} wide={true}>
      <article className="api-changelog">
        <Breadcrumbs site={site} trail={[{ title: api.info.title, href: api.basePath }]} current="Changelog" />
        <header className="api-overview__header">
          <h1 className="doc-title">
            <T k="apiHistory.changelog" />
          </h1>
          <p className="api-overview__summary">
            <T k="apiHistory.intro" />
          </p>
          <p className="api-changelog__feeds">
            <T k="apiHistory.subscribe" /> <a href={site.url(feeds.rss)}>RSS</a> · <a href={site.url(feeds.atom)}>Atom</a>
          </p>
        </header>
        {history.releases.map((release) => (
          <Release key={release.version} site={site} release={release} />
        ))}
      </article>
    </ApiLayout>
  );
}

function Release({ site, release }: { site: SiteView; release: ApiRelease }): React.JSX.Element {
  const headingId = `${release.anchor}-title`;
  return (
    <section className="api-release" id={release.anchor} aria-labelledby={headingId}>
      <h2 className="api-release__title" id={headingId}>
        {release.version}{' '}
        {release.date ? (
          <time className="api-release__date" dateTime={release.date}>
            {release.date}
          </time>
        ) : (
          <span className="api-release__date">
            <T k="apiHistory.noDate" />
          </span>
        )}
      </h2>
      {release.previous === undefined ? (
        <p>
          <T k="apiHistory.firstRelease" />
        </p>
      ) : (
        <>
          <p className="api-release__summary">
            <T k="apiHistory.comparedWith" /> {release.previous}:{' '}
            {(['breaking', 'deprecation', 'non-breaking', 'documentation-only'] as const)
              .filter((k) => release.counts[k])
              .map((k, i) => (
                <span key={k}>
                  {i ? ', ' : ''}
                  {release.counts[k]} <T k={KIND_LABEL[k]} />
                </span>
              ))}
            {Object.values(release.counts).some(Boolean) ? '.' : <T k="apiHistory.noChanges" />}
          </p>
          {release.tags.map((tag) => (
            <section className="api-release__tag" key={tag.name ?? ''} aria-labelledby={`${release.anchor}-${slug(tag.name)}`}>
              <h3 id={`${release.anchor}-${slug(tag.name)}`}>{tag.name ?? <T k="apiContent.otherOperations" />}</h3>
              {tag.operations.map((op) => (
                <ChangedOperation key={`${op.method} ${op.path}`} site={site} op={op} />
              ))}
            </section>
          ))}
          {release.general.length ? (
            <section className="api-release__tag" aria-labelledby={`${release.anchor}-api`}>
              <h3 id={`${release.anchor}-api`}>
                <T k="apiHistory.wholeApi" />
              </h3>
              <ChangeList changes={release.general} />
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

function ChangedOperation({ site, op }: { site: SiteView; op: ReleaseOperation }): React.JSX.Element {
  const name = (
    <>
      {op.method ? <MethodBadge method={op.method.toLowerCase() as HttpMethod} small /> : null}
      {op.title}
    </>
  );
  return (
    <div className="api-release__op">
      <h4 className="api-release__op-title">
        {op.href ? <a href={site.url(op.href)}>{name}</a> : name}
        {op.status !== 'changed' ? (
          <span className={`api-change-status api-change-status--${op.status}`}>
            <T k={op.status === 'added' ? 'apiHistory.added' : 'apiHistory.removed'} />
          </span>
        ) : !op.href && op.method ? (
          <span className="api-change-status">
            <T k="apiHistory.removedNoPage" />
          </span>
        ) : null}
      </h4>
      <ChangeList changes={op.changes} />
    </div>
  );
}

/** Changes, breaking ones first as the engine orders them, each with its kind in words. */
export function ChangeList({ changes }: { changes: readonly HistoryChange[] }): React.JSX.Element {
  return (
    <ul className="api-changes">
      {changes.map((c, i) => (
        <li key={i} className={`api-change api-change--${c.kind}`}>
          <span className={`api-change__kind api-change__kind--${c.kind}`}>
            <T k={KIND_LABEL[c.kind]} />
          </span>{' '}
          <span className="api-change__message">
            <Message text={c.message} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The engine's sentence, its `code spans` as code. */
function Message({ text }: { text: string }): React.JSX.Element {
  const parts = text.split('`');
  // An odd count of backticks leaves one open: the sentence is shown as written.
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>;
}

const slug = (name: string | undefined): string =>
  (name ?? 'other')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'tag';
