import type { SiteView } from '../site-view.js';
import { BRAND_ICONS, ExternalIcon } from './icons.js';
import { T } from './T.js';

const isExternal = (href: string): boolean => /^(https?:|mailto:|tel:|\/\/)/.test(href);

/** Renders only when the config has a footer (and the page does not hide it). */
export function Footer({ site }: { site: SiteView }): React.JSX.Element | null {
  const footer = site.config.footer;
  if (!footer) return null;
  // The same on every page: rendered once per build.
  return (
    <footer className={`footer footer--${footer.style}`} dangerouslySetInnerHTML={{ __html: site.shared('footer', () => <FooterContent site={site} />) }} />
  );
}

function FooterContent({ site }: { site: SiteView }): React.JSX.Element | null {
  const footer = site.config.footer;
  if (!footer) return null;
  const logoSrc = (s: string): string => (isExternal(s) ? s : site.url('/' + s.replace(/^\//, '')));
  return (
    <>
      <h2 className="sr-only">
        <T k="navigation.footer" />
      </h2>
      <div className="footer__container">
        {footer.links.length ? (
          <div className="footer__links">
            {footer.links.map((col) => (
              <div className="footer__col" key={col.title}>
                <h3 className="footer__title">{col.title}</h3>
                <ul className="footer__items">
                  {col.items.map((item) => {
                    const href = item.href ?? (item.to !== undefined ? site.url(item.to) : '#');
                    const external = item.href !== undefined && isExternal(item.href);
                    const newTab = item.target === '_blank' || (external && item.target !== '_self' && !item.href!.startsWith('mailto:'));
                    const Icon = item.icon ? BRAND_ICONS[item.icon] : undefined;
                    return (
                      <li key={item.label} className="footer__item">
                        <a className="footer__link" href={href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                          {Icon ? <Icon className="footer__icon" /> : null}
                          <span>{item.label}</span>
                          {newTab ? <ExternalIcon className="external-icon" /> : null}
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {footer.logo || footer.copyright ? (
          <div className="footer__bottom">
            {footer.logo ? (
              <a className="footer__logo" href={footer.logo.href ?? site.url('/')}>
                <img
                  className={footer.logo.srcDark ? 'themed-image themed-image--light' : undefined}
                  src={logoSrc(footer.logo.src)}
                  alt={footer.logo.alt ?? site.config.title}
                  width={footer.logo.width}
                  height={footer.logo.height}
                />
                {footer.logo.srcDark ? (
                  <img
                    className="themed-image themed-image--dark"
                    src={logoSrc(footer.logo.srcDark)}
                    alt={footer.logo.alt ?? site.config.title}
                    width={footer.logo.width}
                    height={footer.logo.height}
                  />
                ) : null}
              </a>
            ) : null}
            {footer.copyright ? <div className="footer__copyright">{footer.copyright}</div> : null}
          </div>
        ) : null}
      </div>
    </>
  );
}
