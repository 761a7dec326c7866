import type { ExportApi, ExportRequest, ExportScheme } from './request-parts.js';

// A `.http` file that VS Code's REST Client, JetBrains' HTTP Client and httpyac run: `@baseUrl` at
// the top and the credentials' variables named in comments (an empty `@name =` line is read as a
// request by httpyac; the user defines the ones they hold, or passes them to the client), then each request after `###` with a
// `# @name` line, `METHOD URL HTTP/1.1`, headers, a blank line and the body. Basic credentials
// are written `Basic {{user}} {{password}}`, the form both clients encode themselves.

const BOUNDARY = 'shipdocs-form-boundary';

export function httpFile(api: ExportApi): string {
  const lines: string[] = [`# ${oneLine(api.title)}: every operation of the API, for VS Code REST Client and JetBrains HTTP Client.`];
  lines.push('# Pick a server for @baseUrl:');
  for (const s of api.servers) lines.push(`# ${s.name}: ${s.url}${s.description ? ` (${oneLine(s.description)})` : ''}`);
  const vars = [
    ...api.schemes.map((s) => `${Object.values(s.vars).join(', ')} (${s.key})`),
    ...(api.bodySecrets.length ? [`${api.bodySecrets.join(', ')} (request bodies)`] : []),
  ];
  if (vars.length) {
    lines.push('# Credentials are never stored here. Define the ones you hold below @baseUrl (a line such as');
    lines.push('# "@apiKey = ..."), or pass them to the client (httpyac: --var name=value; JetBrains: http-client.private.env.json).');
    lines.push(`# Variables: ${vars.join('; ')}.`);
    if (api.requests.some((r) => r.name !== r.op.title))
      lines.push('# An operation that accepts several kinds of credential has one request per kind: send the one you hold.');
  }
  lines.push('', `@baseUrl = ${api.baseUrl}`, '');
  for (const r of api.requests) lines.push(...request(r), '');
  return lines.join('\n');
}

function request(r: ExportRequest): string[] {
  const query = r.query.flatMap((q) => q.pairs);
  const url = `${r.base}${r.examplePath}${query.length ? `?${query.join('&')}` : ''}`;
  const out = [`### ${oneLine(r.name)}`, `# @name ${r.id}`, `${r.method} ${url} HTTP/1.1`];
  const headers: { name: string; value: string }[] = r.headers.filter((h) => h.value !== '' || h.required);
  const extraQuery: string[] = [];
  for (const s of r.auth) headers.push(...authHeader(s, extraQuery));
  if (extraQuery.length) out[2] = `${r.method} ${url}${query.length ? '&' : '?'}${extraQuery.join('&')} HTTP/1.1`;
  const b = r.body;
  for (const h of headers) {
    const value = h.name === 'Content-Type' && b?.kind === 'formdata' ? `multipart/form-data; boundary=${BOUNDARY}` : h.value;
    out.push(`${h.name}: ${value}`);
  }
  if (!b) return out;
  out.push('');
  if (b.kind === 'json' || b.kind === 'text') out.push(...b.raw.split('\n').map(guardLine));
  else if (b.kind === 'urlencoded') out.push(b.fields.map((f) => `${encodeURIComponent(f.name)}=${encodeURIComponent(f.value)}`).join('&'));
  else {
    for (const f of b.fields) {
      out.push(`--${BOUNDARY}`, `Content-Disposition: form-data; name="${quoted(f.name)}"${f.file ? `; filename="${quoted(f.name)}"` : ''}`, '', f.value);
    }
    out.push(`--${BOUNDARY}--`);
  }
  return out;
}

function authHeader(s: ExportScheme, query: string[]): { name: string; value: string }[] {
  if (s.kind === 'bearer') return [{ name: 'Authorization', value: `Bearer {{${s.vars.token}}}` }];
  if (s.kind === 'basic') return [{ name: 'Authorization', value: `Basic {{${s.vars.username}}} {{${s.vars.password}}}` }];
  if (s.in === 'query') {
    query.push(`${encodeURIComponent(s.paramName)}={{${s.vars.key}}}`);
    return [];
  }
  if (s.in === 'cookie') return [{ name: 'Cookie', value: `${s.paramName}={{${s.vars.key}}}` }];
  return [{ name: s.paramName, value: `{{${s.vars.key}}}` }];
}

const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ');
const quoted = (s: string): string => s.replace(/["\r\n]/g, '_');
/** A body line that starts with `###` would end the request: indented by a space (JSON allows it; text bodies keep their meaning). */
const guardLine = (line: string): string => (/^\s*###/.test(line) ? ` ${line}` : line);
