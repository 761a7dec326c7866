import type { SiteView } from '../site-view.js';

/** The home page of a site without content/pages/index.*: hero and links to each section. */
export function Home({ site }: { site: SiteView }): React.JSX.Element {
  const { config, sections } = site;
  const links = [
    sections.docs ? { href: sections.docs, label: 'Read the docs', primary: true } : undefined,
    sections.api ? { href: sections.api, label: 'API reference', primary: !sections.docs } : undefined,
    sections.blog ? { href: sections.blog, label: 'Blog', primary: false } : undefined,
  ].filter((l) => l !== undefined);
  return (
    <main className="home-main" id="main-content" tabIndex={-1}>
      <header className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{config.title}</h1>
          {config.tagline ? <p className="hero__subtitle">{config.tagline}</p> : null}
          {links.length ? (
            <div className="hero__buttons">
              {links.map((l) => (
                <a key={l.href} className={`button ${l.primary ? 'button--primary' : 'button--secondary'} button--lg`} href={site.url(l.href)}>
                  {l.label}
                </a>
              ))}
            </div>
          ) : null}
        </div>
      </header>
    </main>
  );
}
