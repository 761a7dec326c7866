import type { ApiModel, ApiOperationCore, ApiSecurityScheme } from '../../../shared/api-model.js';

// The plain curl example of an operation: first server, path parameters filled with their
// examples, required query and header parameters, the first accepted credentials as placeholders
// (never real values), and the first example body.

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** A JSON text example of a parameter as the raw value to put in a URL or header. */
function rawValue(example: string | undefined, name: string): string {
  if (example === undefined) return `<${name}>`;
  try {
    const v: unknown = JSON.parse(example);
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (Array.isArray(v)) return v.map(String).join(',');
  } catch {
    // a shortened example: use the placeholder
  }
  return `<${name}>`;
}

export function buildCurl(op: ApiOperationCore, api: ApiModel): string {
  const server = (op.servers[0]?.resolvedUrl ?? '').replace(/\/$/, '');
  const path = op.path.replace(/\{([^}]+)\}/g, (m, name: string) => {
    const p = op.parameters.path.find((x) => x.name === name);
    return p?.example !== undefined ? encodeURIComponent(rawValue(p.example, name)) : m;
  });
  const query: string[] = op.parameters.query
    .filter((p) => p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(rawValue(p.example, p.name))}`);
  const args: string[] = [];
  for (const p of op.parameters.header.filter((h) => h.required)) args.push(`-H ${shellQuote(`${p.name}: ${rawValue(p.example, p.name)}`)}`);

  const schemes = new Map(api.securitySchemes.map((s) => [s.key, s]));
  const requirement = op.security.find((r) => r.schemes.length > 0 && r.schemes.every((s) => schemes.has(s.key)));
  for (const ref of requirement?.schemes ?? []) {
    const arg = credentialArg(schemes.get(ref.key)!, query);
    if (arg) args.push(arg);
  }

  const media = op.requestBody?.content[0];
  const example = media?.examples[0];
  if (media) {
    const type = media.mediaType;
    const value = example && !example.truncated ? example.value : undefined;
    if (/multipart\/form-data/i.test(type) || /x-www-form-urlencoded/i.test(type)) {
      const flag = /multipart/i.test(type) ? '-F' : '--data-urlencode';
      for (const [k, v] of Object.entries(parseObject(value))) args.push(`${flag} ${shellQuote(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)}`);
    } else {
      args.push(`-H ${shellQuote(`Content-Type: ${type}`)}`);
      args.push(value !== undefined ? `-d ${shellQuote(value)}` : `-d @body${/json/i.test(type) ? '.json' : ''}`);
    }
  }
  const url = `${server}${path}${query.length ? `?${query.join('&')}` : ''}`;
  return [`curl -X ${op.method.toUpperCase()} ${shellQuote(url)}`, ...args].join(' \\\n  ');
}

function credentialArg(scheme: ApiSecurityScheme, query: string[]): string | undefined {
  switch (scheme.type) {
    case 'http':
      if (scheme.scheme === 'basic') return `-u ${shellQuote('<username>:<password>')}`;
      return `-H ${shellQuote(`Authorization: ${scheme.scheme === 'bearer' || !scheme.scheme ? 'Bearer' : capitalize(scheme.scheme)} <token>`)}`;
    case 'apiKey': {
      const name = scheme.name ?? 'api_key';
      if (scheme.in === 'query') {
        query.push(`${encodeURIComponent(name)}=<api-key>`);
        return undefined;
      }
      if (scheme.in === 'cookie') return `-b ${shellQuote(`${name}=<api-key>`)}`;
      return `-H ${shellQuote(`${name}: <api-key>`)}`;
    }
    case 'oauth2':
    case 'openIdConnect':
      return `-H ${shellQuote('Authorization: Bearer <token>')}`;
    default:
      return undefined;
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function parseObject(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
