import type { ApiModel } from '../shared/api-model.js';
import { SECRET_PARAMETER } from '../shared/secret-names.js';

// What a log line shows of a request's URL: its path and query, with the value of every query
// parameter that carries a credential (the document's API keys in the query) or looks like one
// (token, key, secret, password, signature…) replaced by "***". Header and cookie values are never
// logged at all.

/** Longer targets are cut: one log line stays one line of a terminal's scrollback. */
const MAX_TARGET = 300;

export function logTarget(url: URL, model: ApiModel): string {
  const apiKeys = new Set(model.securitySchemes.filter((s) => s.type === 'apiKey' && s.in === 'query').map((s) => s.name));
  const query = [...url.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${apiKeys.has(name) || SECRET_PARAMETER.test(name) ? '***' : encodeURIComponent(value)}`)
    .join('&');
  const target = url.pathname + (query ? `?${query}` : '');
  return target.length > MAX_TARGET ? `${target.slice(0, MAX_TARGET - 1)}…` : target;
}
