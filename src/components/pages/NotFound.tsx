import type { SiteView } from '../site-view.js';
import { T } from '../layout/T.js';

export function NotFound({ site }: { site: SiteView }): React.JSX.Element {
  return (
    <main className="page-main not-found" id="main-content" tabIndex={-1}>
      <div className="not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="not-found__title">
          <T k="navigation.notFoundTitle" />
        </h1>
        <p className="not-found__text">
          <T k="navigation.notFoundText" />
        </p>
        <a className="button button--primary" href={site.url('/')}>
          <T k="navigation.backHome" />
        </a>
      </div>
    </main>
  );
}
