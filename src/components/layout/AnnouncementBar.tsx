import type { SiteView } from '../site-view.js';
import { CloseIcon } from './icons.js';
import { SrT, T } from './T.js';

/**
 * The configured bar; its HTML was sanitized when the site was planned. A dismissed bar is hidden
 * before first paint by the inline script (html[data-announcement-dismissed]).
 */
export function AnnouncementBar({ site }: { site: SiteView }): React.JSX.Element | null {
  const bar = site.config.announcementBar;
  const html = site.announcementHtml;
  if (!bar || html === undefined) return null;
  const style = {
    ...(bar.backgroundColor ? { backgroundColor: bar.backgroundColor } : {}),
    ...(bar.textColor ? { color: bar.textColor } : {}),
  };
  return (
    <div className="announcement-bar" role="region" aria-labelledby="announcement-bar-label" data-announcement-id={bar.id} style={style}>
      <span className="sr-only" id="announcement-bar-label">
        <T k="navigation.announcement" />
      </span>
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: html }} />
      {bar.dismissible ? (
        <button type="button" className="announcement-bar__close icon-button" data-announcement-close="">
          <CloseIcon size={16} />
          <SrT k="navigation.close" />
        </button>
      ) : null}
    </div>
  );
}
