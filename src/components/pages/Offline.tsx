import { T } from '../layout/T.js';

/**
 * The offline page (config `offline`): what the service worker answers for a page it did not keep
 * while the network is gone. The client fills the list with the pages it did keep
 * (client/offline/offline-page.ts).
 */
export function Offline(): React.JSX.Element {
  return (
    <main className="page-main offline-page" id="main-content" tabIndex={-1}>
      <div className="offline-page__inner">
        <h1 className="offline-page__title">
          <T k="offline.title" />
        </h1>
        <p className="offline-page__text">
          <T k="offline.text" />
        </p>
        <button type="button" className="button button--primary" data-offline-retry="">
          <T k="offline.retry" />
        </button>
        <h2 className="offline-page__heading">
          <T k="offline.available" />
        </h2>
        <p className="offline-page__none" data-offline-none="" hidden>
          <T k="offline.none" />
        </p>
        <ul className="offline-page__list" data-offline-pages="" />
      </div>
    </main>
  );
}
