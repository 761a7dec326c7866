// The client entry: small, loaded as a module on every page. It wires the shell's controls,
// client-side navigation and the search box's shortcuts, and hydrates the islands the page
// declares. React, the islands and the search engine are chunks loaded only when needed.
import { initExportMenus } from './api/export-menu.js';
import { cleanupApiPanels, initApiPanels } from './api/panels.js';
import { cleanupIslands, hydrateIslands } from './islands.js';
import { initRouter } from './nav/router.js';
import { initOffline } from './offline/register.js';
import { initSearchTrigger, type SearchTrigger } from './search/trigger.js';
import { initPage, initShell } from './shell/shell.js';

const shell = initShell(document);
let page = new AbortController();
let search: SearchTrigger | undefined;
initPage(document, page.signal);
hydrateIslands(document);
initApiPanels(document, page.signal);
initExportMenus(document);

// The entry lives at <base>assets/js/entry-*.js.
const base = new URL('../../', import.meta.url).pathname;
initOffline(document, base);
const router = initRouter(document, {
  base,
  beforeSwap() {
    shell.mobileMenu?.close();
    search?.close();
    page.abort();
  },
  afterSwap() {
    cleanupIslands();
    cleanupApiPanels();
    page = new AbortController();
    initPage(document, page.signal);
    hydrateIslands(document.querySelector('.page-wrapper') ?? document);
    initApiPanels(document, page.signal);
  },
});
search = initSearchTrigger(document, { navigate: (href) => router.navigate(href) });
