import type { ExportApi, ExportRequest, ExportScheme } from './request-parts.js';

// A `.http` file that both VS Code's REST Client and JetBrains' HTTP Client run: file variables at
// the top (`@name = value`; the credentials' left empty), then each request after `###` with a
// `# @name` line, `METHOD URL HTTP/1.1`, headers, a blank line and the body. Basic credentials
// are written `Basic {{user}} {{password}}`, the form both clients encode themselves.

const BOUNDARY = 'shipdocs-form-boundary';

export function httpFile(api: ExportApi): string {
  const lines: string[] = [`# ${oneLine(api.title)}: every operation of the API, for VS Code REST Client and JetBrains HTTP Client.`];
  lines.push('# Fill in the credentials below (they are left empty on purpose) and pick a server.');
  for (const s of api.servers) lines.push(`# ${s.name}: ${s.url}${s.description ? ` (${oneLine(s.description)})` : ''}`);
  lines.push('', `@baseUrl = ${api.baseUrl}`);
  for (const s of api.schemes) for (const name of Object.values(s.vars)) lines.push(`@${name} =`);
  lines.push('');
  for (const r of api.requests) lines.push(...request(r), '');
  return lines.join('\n');
}

function request(r: ExportRequest): string[] {
  const query = r.query.flatMap((q) => q.pairs);
  const url = `${r.base}${r.examplePath}${query.length ? `?${query.join('&')}` : ''}`;
  const out = [`### ${oneLine(r.op.title)}`, `# @name ${r.id}`, `${r.method} ${url} HTTP/1.1`];
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
