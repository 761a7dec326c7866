import type { Route } from '../../shared/model.js';
import type { SiteView } from '../../components/site-view.js';

// A page is `render(route, site)`: the same route and the same site view give the same page. These
// tell whether two preparations gave the same inputs for a page, cheaply: what an update did not
// touch is the very same object (markdown kept by the render memo, the API reused), so most of a
// comparison is one `===`. Anything they cannot tell apart quickly counts as changed, which only
// costs a render.

/** The same route: its fields, and its data (an API page's data is compared by identity: it is the same object while the document has not changed). */
export function sameRoute(a: Route, b: Route): boolean {
  if (a === b) return true;
  if (a.data.kind === 'api' || b.data.kind === 'api') {
    if (a.data.kind !== b.data.kind || (a.data.kind === 'api' && b.data.kind === 'api' && a.data.page !== b.data.page)) return false;
    return sameValue({ ...a, data: undefined }, { ...b, data: undefined });
  }
  return sameValue(a, b);
}

/** The same site view, leaving out its functions (`url` follows the config; `shared` is a cache of renderings). */
export function sameSite(a: SiteView, b: SiteView): boolean {
  const { url: _u1, shared: _s1, ...rest1 } = a;
  const { url: _u2, shared: _s2, ...rest2 } = b;
  return sameValue(rest1, rest2);
}

/** Deep equality of plain data (objects, arrays, maps, sets, primitives; functions by identity). Past `depth` levels: unequal. */
function sameValue(a: unknown, b: unknown, depth = 40): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth === 0) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => sameValue(v, other[i], depth - 1));
  }
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    if (a.size !== other.size) return false;
    for (const [k, v] of a) if (!other.has(k) || !sameValue(v, other.get(k), depth - 1)) return false;
    return true;
  }
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    return a.size === other.size && [...a].every((v) => other.has(v));
  }
  if (Object.getPrototypeOf(a) !== Object.prototype && Object.getPrototypeOf(a) !== null) return false;
  const ka = Object.keys(a);
  const ob = b as Record<string, unknown>;
  if (ka.length !== Object.keys(ob).length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(ob, k) && sameValue((a as Record<string, unknown>)[k], ob[k], depth - 1));
}
