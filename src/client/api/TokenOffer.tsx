import { useState } from 'react';
import type { ApiPanelSite } from '../../shared/api-request.js';
import { setCredential } from './auth-store.js';
import { L } from './Label.js';
import { schemeState, useAnnounce } from './live.js';
import type { RunResult } from './run-result.js';
import { tokenOf } from './token.js';

/** After a response holding a token: offers to use it as the site's bearer token. */
export function TokenOffer({ result, site }: { result: RunResult; site: ApiPanelSite }): React.JSX.Element | null {
  const [used, setUsed] = useState(false);
  const announce = useAnnounce();
  const token = tokenOf(result);
  const bearer = site.schemes.find((s) => s.type === 'http' && s.scheme === 'bearer');
  if (!token || !bearer) return null;
  return (
    <div className="tryit__alert tryit__alert--info">
      <p>
        <L k="authorization.tokenReceived" />
      </p>
      <button
        type="button"
        className="button button--secondary tryit__use-token"
        // Done once: it says so, and keeps the focus (a disabled button would drop it to the page).
        aria-disabled={used || undefined}
        onClick={() => {
          if (used) return;
          setCredential(site.authKey, bearer.key, { kind: 'bearer', token });
          setUsed(true);
          announce(schemeState(bearer.key, <L k="authorization.authorized" />));
        }}
      >
        {used ? <L k="authorization.authorized" /> : <L k="authorization.useToken" />}
      </button>
    </div>
  );
}
