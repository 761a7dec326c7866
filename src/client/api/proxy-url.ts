// A try-it request sent through the site's CORS proxy (`shipdocs proxy` speaks this protocol).

/** The URL of a request sent through a proxy: the target in its `url` query parameter. */
export function proxiedUrl(proxy: string, target: string): string {
  const url = new URL(proxy);
  url.searchParams.set('url', target);
  return url.href;
}
