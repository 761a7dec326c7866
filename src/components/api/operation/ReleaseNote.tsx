import type { ApiHistory } from '../../../shared/api-history.js';
import type { ApiOperation } from '../../../shared/api-model.js';
import type { SiteView } from '../../site-view.js';
import { T } from '../../layout/T.js';
import { ChangeList } from '../changelog/ApiChangelog.js';

/**
 * Under an operation's title: "New in 1.4" when the current release added it, else "Changed in 1.4"
 * with that release's changes to it folded in a details element; each leads to the release on the
 * changelog page.
 */
export function ReleaseNote({ site, history, op }: { site: SiteView; history: ApiHistory | undefined; op: ApiOperation }): React.JSX.Element | null {
  const note = history?.operations[op.slug];
  const release = history?.releases[0];
  if (!history || !release || (!note?.added && !note?.changed)) return null;
  const href = site.url(`${history.href}#${release.anchor}`);
  if (note.added)
    return (
      <p className="api-release-note">
        <a className="api-badge api-badge--new" href={href}>
          {/* One span: the badge is a flex box, which would drop the space between its items. */}
          <span>
            <T k="apiHistory.newIn" /> {note.added}
          </span>
        </a>
      </p>
    );
  const changed = note.changed!;
  return (
    <details className="api-release-note">
      <summary>
        <span className="api-badge api-badge--changed">
          <span>
            <T k="apiHistory.changedIn" /> {changed.version}
          </span>
        </span>
      </summary>
      <ChangeList changes={changed.changes} />
      <p className="api-release-note__more">
        <a href={href}>
          <T k="apiHistory.changelog" /> · {changed.version}
        </a>
      </p>
    </details>
  );
}

/** The deprecated badge's words: since which release, when the history knows. */
export function DeprecatedLabel({ history, op }: { history: ApiHistory | undefined; op: ApiOperation }): React.JSX.Element {
  const since = history?.operations[op.slug]?.deprecatedSince;
  return since === undefined ? (
    <T k="apiContent.deprecated" />
  ) : (
    <span>
      <T k="apiHistory.deprecatedSince" /> {since}
    </span>
  );
}
