import { initAnnouncement } from './announcement.js';
import { initApiMenu } from './api-menu.js';
import { initCodeCopy } from './code-copy.js';
import { initColorMode } from './color-mode.js';
import { initLanguageSelect } from './language.js';
import { initMobileMenu, type MobileMenu } from './mobile-menu.js';
import { initNavbarScroll } from './navbar-scroll.js';
import { initOfflineBadge } from './offline.js';
import { initSidebarCarets, revealActiveLink } from './sidebar.js';
import { initTabs } from './tabs.js';
import { initTocSpy } from './toc-spy.js';
import { initVersions } from './versions.js';

export interface Shell {
  mobileMenu: MobileMenu | undefined;
}

/**
 * Wires the parts of the page that stay across client navigations (navbar, announcement bar):
 * colour mode, language, the API menu, mobile menu, scroll state, offline badge, and the code
 * blocks' copy buttons (a listener on the document). Runs once per document.
 */
export function initShell(doc: Document): Shell {
  initColorMode(doc);
  initLanguageSelect(doc);
  initApiMenu(doc);
  const mobileMenu = initMobileMenu(doc);
  initNavbarScroll(doc);
  initAnnouncement(doc);
  initOfflineBadge(doc);
  initCodeCopy(doc);
  return { mobileMenu };
}

/**
 * Wires what a page's content brings (sidebar carets, table of contents, version dropdown).
 * Runs on load and after each client navigation; `signal` aborts when the page is swapped out.
 */
export function initPage(doc: Document, signal: AbortSignal): void {
  const content = doc.querySelector('.page-wrapper') ?? doc;
  initSidebarCarets(content, signal);
  revealActiveLink(content);
  initTocSpy(doc, signal);
  initVersions(doc, signal);
  initTabs(doc, signal);
}
