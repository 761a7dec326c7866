import { CloseIcon } from './icons.js';
import { SrT, T } from './T.js';

/**
 * "A new version is available — Reload" (config `offline`): a polite live region, present and
 * empty on every page, that the client fills from the template when a new build's service worker
 * is waiting (client/offline/register.ts). Early in the page, so the keyboard reaches it at once.
 */
export function UpdateNotice(): React.JSX.Element {
  return (
    <>
      <div className="sw-update" role="status" aria-live="polite" data-sw-update="" />
      <template data-sw-update-template="">
        <div className="sw-update__box">
          <p className="sw-update__text">
            <T k="offline.updateAvailable" />
          </p>
          <button type="button" className="button button--primary button--sm" data-sw-reload="">
            <T k="offline.reload" />
          </button>
          <button type="button" className="sw-update__dismiss icon-button" data-sw-dismiss="">
            <CloseIcon size={16} />
            <SrT k="offline.dismiss" />
          </button>
        </div>
      </template>
    </>
  );
}
