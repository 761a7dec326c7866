import type { SiteConfig } from '../../config/schema.js';
import { positionAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { LinkRef } from '../../shared/content-model.js';
import type { LinkCollector } from './rehype-links.js';

export interface AnnouncementInput {
  config: SiteConfig;
  fileRoutes: ReadonlyMap<string, string>;
  assetFiles: ReadonlySet<string>;
  staticFiles: ReadonlySet<string>;
  /** The config file (relative to root) and its text: problems are reported there. */
  configFile: { path: string; source?: string | undefined } | undefined;
}

export interface RenderedAnnouncement {
  html: string;
  file: string;
  links: LinkRef[];
  assets: LinkCollector['assets'];
  diagnostics: Diagnostic[];
}

/**
 * The announcement bar's text, rendered like content: its links get the base URL and are checked,
 * and problems name the config file (at the line where the URL is written, when it can be found).
 */
export async function renderAnnouncement(text: string, ctx: AnnouncementInput): Promise<RenderedAnnouncement> {
  // Its markdown renderer (and parse5 for raw HTML) loads only for sites that have a bar.
  const { renderInline } = await import('./render-description.js');
  const file = ctx.configFile?.path ?? 'site.config.ts';
  const out: LinkCollector = { links: [], assets: [], diagnostics: [] };
  const html = renderInline(text, {
    options: {
      file,
      route: '/',
      baseUrl: ctx.config.baseUrl,
      fileRoutes: ctx.fileRoutes,
      assetFiles: ctx.assetFiles,
      staticFiles: ctx.staticFiles,
      lineOffset: 0,
    },
    out,
  });
  const source = ctx.configFile?.source;
  const place = <T extends { line?: number; column?: number }>(item: T, written: string | undefined): T => {
    const at = written && source ? source.indexOf(written) : -1;
    return { ...item, ...(at < 0 ? { line: 1, column: 1 } : positionAt(source!, at)) };
  };
  return {
    html,
    file,
    assets: out.assets,
    links: out.links.map((l) => place(l, l.written)),
    diagnostics: out.diagnostics.map((d) => place(d, /"([^"]+)"|(\S+\.mdx?)/.exec(d.message)?.slice(1).find(Boolean))),
  };
}
