/** The output path of a route's Markdown twin: `/docs/intro` → `docs/intro.md`, the home page → `index.md`. */
export function twinPath(route: string): string {
  const trimmed = route.replace(/^\/+|\/+$/g, '');
  return `${trimmed || 'index'}.md`;
}
