import type { ApiServer } from '../shared/api-model.js';
import { parseAllowRule, type AllowRule } from './allow-list.js';

// The allow-list a proxy gets without `--allow`: the hosts of the API's servers, the ones the
// try-it sends requests to. A server variable takes each value of its `enum` (a reader picks one of
// them in the try-it), else its default; relative server URLs (the docs' own host) and other schemes
// give no host. Each rule keeps its server's scheme: an https server does not allow plain http to its
// host (where a request and its credentials would cross the network in clear).

/** Combinations of variable values tried per server: a document cannot make the list explode. */
const MAX_COMBINATIONS = 100;

export function allowRulesFromServers(servers: readonly Pick<ApiServer, 'url' | 'variables'>[]): AllowRule[] {
  const hosts = new Set<string>();
  for (const server of servers) {
    for (const candidate of expand(server)) {
      let url: URL;
      try {
        url = new URL(candidate);
      } catch {
        continue;
      }
      // A variable the server does not declare stays in braces: no host to allow.
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && !/[{}]/.test(url.hostname)) hosts.add(`${url.protocol}//${url.host}`);
    }
  }
  const rules: AllowRule[] = [];
  for (const host of hosts) {
    const rule = parseAllowRule(host);
    if (typeof rule !== 'string') rules.push(rule);
  }
  return rules;
}

/** The server's URL with its variables replaced, once per combination of their values. */
function expand(server: Pick<ApiServer, 'url' | 'variables'>): string[] {
  let urls = [server.url];
  for (const variable of server.variables) {
    const marker = `{${variable.name}}`;
    if (!server.url.includes(marker)) continue;
    const values = variable.enum.length ? variable.enum : [variable.default];
    const next: string[] = [];
    for (const url of urls) for (const value of values) if (next.length < MAX_COMBINATIONS) next.push(url.split(marker).join(value));
    urls = next;
  }
  return urls;
}
