import { createHash } from 'node:crypto';
import type { SiteConfig } from '../../config/schema.js';
import { ANNOUNCEMENT_STORAGE_PREFIX, LANG_STORAGE_KEY, THEME_STORAGE_KEY } from '../../shared/i18n.js';

/**
 * The few lines that run before first paint: colour mode, UI language and a dismissed
 * announcement bar are set on <html> so nothing flashes, and `data-js` says scripts run (CSS
 * shows the controls that need them only then). Its hash goes into the CSP.
 */
export function inlineScript(config: SiteConfig): { code: string; hash: string } {
  const bar = config.announcementBar;
  const code = [
    '(function(){var d=document.documentElement,g=function(k){try{return localStorage.getItem(k)}catch(e){return null}};d.setAttribute("data-js","");',
    `var t=g(${JSON.stringify(THEME_STORAGE_KEY)});`,
    config.colorMode.respectPrefersColorScheme
      ? "if(t!=='dark'&&t!=='light')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';"
      : `if(t!=='dark'&&t!=='light')t=${JSON.stringify(config.colorMode.defaultMode)};`,
    config.colorMode.disableSwitch ? `t=${JSON.stringify(config.colorMode.defaultMode)};` : '',
    'd.setAttribute("data-theme",t);',
    `var a=${JSON.stringify(config.ui.languages)},l=g(${JSON.stringify(LANG_STORAGE_KEY)});`,
    'if(a.indexOf(l)<0){l=null;var n=navigator.languages||[navigator.language];for(var i=0;i<n.length&&!l;i++){var c=String(n[i]).toLowerCase().split("-")[0];if(a.indexOf(c)>=0)l=c}}',
    `d.setAttribute("data-ui-lang",l||${JSON.stringify(config.ui.defaultLanguage)});`,
    bar ? `if(g(${JSON.stringify(ANNOUNCEMENT_STORAGE_PREFIX + bar.id)}))d.setAttribute("data-announcement-dismissed","true");` : '',
    '})();',
  ].join('');
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}
