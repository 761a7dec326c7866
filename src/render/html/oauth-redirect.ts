import type { ApiModel } from '../../shared/api-model.js';
import type { OutputFile } from '../../shared/model.js';
import { translate, type Lang, type TextKey } from '../../shared/i18n.js';
import { escapeText } from '../../shared/html-escape.js';

// The OAuth 2.0 redirect page, `<base>oauth2-redirect.html`: where an authorization server sends the
// reader back with `code` and `state` (or `error`; the legacy implicit flow: `access_token`, in the
// fragment, which the panel takes out of sessionStorage at once). Static and tiny, no React, no content: its
// one script (a file beside it, so the site's CSP `script-src 'self'` allows it and nothing inline
// runs) keeps the answer in sessionStorage and goes back, with location.replace (the code leaves
// the history), to the page that started the authorization, which the panel kept with the state
// (client/api/oauth-flow.ts). It goes back only to a page of its own origin: with no authorization
// under way in this tab, or a return address elsewhere, it says so and links to the site's home.
// The panel, not this page, checks the state: a mismatch must be shown where the reader acts.

/** sessionStorage keys, as client/api/oauth-flow.ts names them (test/client/api/oauth.test.ts checks they agree). */
export const OAUTH_PENDING_KEY = 'shipdocs.oauth.pending';
export const OAUTH_CALLBACK_KEY = 'shipdocs.oauth.callback';

const SCRIPT = `// shipdocs: hands an OAuth 2.0 authorization answer back to the page that asked for it (same origin only).
(function () {
  var note = document.getElementById('note');
  var params = new URLSearchParams(location.search);
  if (!params.has('state') && !params.has('error') && location.hash.length > 1) params = new URLSearchParams(location.hash.slice(1));
  var back = null;
  try {
    var pending = JSON.parse(sessionStorage.getItem(${JSON.stringify(OAUTH_PENDING_KEY)}) || 'null');
    if (pending && typeof pending.returnUrl === 'string') {
      var url = new URL(pending.returnUrl, location.href);
      if (url.origin === location.origin && (url.protocol === 'https:' || url.protocol === 'http:')) back = url.href;
    }
    if (!back) throw new Error('no authorization under way');
    var answer = {};
    ['code', 'state', 'error', 'error_description', 'access_token', 'expires_in', 'scope'].forEach(function (name) {
      var value = params.get(name);
      if (value !== null) answer[name] = value.slice(0, 4096);
    });
    sessionStorage.setItem(${JSON.stringify(OAUTH_CALLBACK_KEY)}, JSON.stringify(answer));
  } catch (e) {
    note.hidden = false;
    document.getElementById('wait').hidden = true;
    return;
  }
  location.replace(back);
})();
`;

/** The page, in the site's UI languages (the default first, which is also its `lang`). */
function page(languages: readonly Lang[]): string {
  /** One line in every language: "Inicio / Home". */
  const say = (key: TextKey): string => languages.map((l) => `<span lang="${l}">${escapeText(translate(l, key))}</span>`).join(' / ');
  const para = (key: TextKey): string => languages.map((l) => `<p lang="${l}">${escapeText(translate(l, key))}</p>`).join('\n');
  return `<!doctype html>
<html lang="${languages[0]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'">
<title>OAuth 2.0</title>
</head>
<body>
<p id="wait">${say('authorization.redirectReturning')}</p>
<div id="note" hidden>
${para('authorization.redirectNoAuthorization')}
<p><a href="./">${say('authorization.redirectHome')}</a></p>
</div>
<script src="oauth2-redirect.js"></script>
</body>
</html>
`;
}

/** The redirect page and its script, at the site's base, in the site's UI languages. */
export function oauthRedirectFiles(ui: { languages: readonly Lang[]; defaultLanguage?: Lang | undefined }): OutputFile[] {
  const first = ui.defaultLanguage ?? ui.languages[0]!;
  return [
    { path: 'oauth2-redirect.html', contents: page([first, ...ui.languages.filter((l) => l !== first)]) },
    { path: 'oauth2-redirect.js', contents: SCRIPT },
  ];
}

/** Whether an API's panel may send the reader to an authorization server: an authorization-code or implicit flow, or OpenID Connect. */
export function needsOAuthRedirect(model: ApiModel): boolean {
  return model.securitySchemes.some(
    (s) => (s.type === 'openIdConnect' && !!s.openIdConnectUrl) || s.flows.some((f) => f.type === 'authorizationCode' || f.type === 'implicit'),
  );
}
