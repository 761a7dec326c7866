import type { SiteView } from '../site-view.js';

const isAbsolute = (src: string): boolean => /^(https?:)?\/\//.test(src);

/** Logo and title; the glow, the three sparkles and the status dot show on hover (CSS). */
export function NavbarLogo({ site }: { site: SiteView }): React.JSX.Element {
  const { config } = site;
  const logo = config.navbar.logo;
  const title = config.navbar.title ?? config.title;
  const href = logo?.href ? (isAbsolute(logo.href) ? logo.href : site.url(logo.href)) : site.url('/');
  const newTab = logo?.target === '_blank';
  const src = (s: string): string => (isAbsolute(s) ? s : site.url('/' + s.replace(/^\//, '')));
  const size = { ...(logo?.width !== undefined ? { width: logo.width } : {}), ...(logo?.height !== undefined ? { height: logo.height } : {}) };
  return (
    <a className="navbar__brand" href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {logo ? (
        <span className={`navbar__logo${logo.className ? ` ${logo.className}` : ''}`} style={logo.style}>
          <span className="navbar__logo-glow" aria-hidden="true" />
          <img className={logo.srcDark ? 'themed-image themed-image--light' : undefined} src={src(logo.src)} alt={logo.alt ?? title} {...size} />
          {logo.srcDark ? <img className="themed-image themed-image--dark" src={src(logo.srcDark)} alt={logo.alt ?? title} {...size} /> : null}
          <span className="navbar__sparkles" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span className="navbar__status-dot" aria-hidden="true" />
        </span>
      ) : null}
      {title ? <b className="navbar__title">{title}</b> : null}
    </a>
  );
}
