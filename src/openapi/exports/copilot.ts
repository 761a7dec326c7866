// GitHub Copilot: custom instructions. The repository-wide file is `.github/copilot-instructions.md`
// (plain Markdown); a path-specific one is `.github/instructions/NAME.instructions.md` with an
// `applyTo` glob in its front matter
// (https://docs.github.com/en/copilot/customizing-copilot/adding-repository-custom-instructions-for-github-copilot).
// Copilot reads them as guidance for the code it writes: short, imperative, about calling the API.
import { type ApiModel, type ApiOperation } from '../../shared/api-model.js';
import { summaryText } from '../../shared/html-text.js';
import { bodyMedia, sentParameters, shortText } from './json-schema.js';
import { schemaOutline } from './outline.js';
import { absoluteServer, authenticationText, curl, pageUrl, typeText, type Site } from './markdown.js';

/** The repository-wide instructions: how to call the API, then one line per operation and per webhook. */
export function copilotInstructions(model: ApiModel, site: Site): string {
  return [
    `# Calling ${model.info.title}`,
    conventions(model, site, model.security),
    '## Operations',
    model.operations
      .map(
        (op) =>
          `- \`${op.method.toUpperCase()} ${op.path}\`: ${shortText(op.summary ?? op.title, 140)}${op.deprecated ? ' (deprecated: avoid)' : ''} — ${pageUrl(site, op.href)}`,
      )
      .join('\n'),
    ...(model.webhooks.length
      ? [
          '## Webhooks sent by the API',
          'The API sends these requests to a URL the user registers. Code that receives them answers quickly with a 2xx and checks the request before trusting it.',
          model.webhooks
            .map(
              (hook) =>
                `- \`${hook.name}\` (\`${hook.method.toUpperCase()}\`): ${shortText(hook.summary ?? hook.title, 140)} — ${pageUrl(site, `${model.basePath}#${hook.anchor}`)}`,
            )
            .join('\n'),
        ]
      : []),
    '',
  ].join('\n\n');
}

/** A path-specific instructions file for one operation (`applyTo` "**": the reader narrows it to the files that call it). */
export function copilotOperationInstructions(model: ApiModel, op: ApiOperation, site: Site, curlText = curl(model, op, site)): string {
  const parameters = sentParameters(op);
  const body = bodyMedia(op);
  const lines = [
    '---',
    `applyTo: "**"`,
    `description: ${JSON.stringify(`How to call ${op.method.toUpperCase()} ${op.path} of ${model.info.title}`)}`,
    '---',
    '',
    `# ${op.title}: \`${op.method.toUpperCase()} ${op.path}\``,
    '',
    conventions(model, site, op.security, op),
    '',
    '## Request',
    '',
    ...(parameters.length
      ? parameters.map(
          (p) =>
            `- ${p.in} parameter \`${p.name}\` (${typeText(model, p.schema)}${p.required ? ', required' : ''})${shortText(p.descriptionMarkdown, 160) ? `: ${shortText(p.descriptionMarkdown, 160)}` : ''}`,
        )
      : ['- No parameters.']),
    ...(body
      ? [
          `- Body: \`${body.mediaType}\`${op.requestBody!.required ? ', required' : ', optional'}${body.schema ? ':' : '.'}`,
          ...(body.schema ? ['', '```ts', schemaOutline(model, body.schema, { lines: 40, depth: 3, direction: 'request' }), '```'] : []),
        ]
      : ['- No request body.']),
    '',
    '## Responses',
    '',
    ...op.responses.map(
      (r) =>
        `- \`${r.status}\`${r.content.length ? ` (${r.content.map((m) => m.mediaType).join(', ')})` : ''}${summaryText(r.description, 160) ? `: ${summaryText(r.description, 160)}` : ''}${/^[45]/.test(r.status) || r.status === 'default' ? ' (handle as an error)' : ''}`,
    ),
    '',
    `Documentation: ${pageUrl(site, op.href)}`,
    '',
    '## Example',
    '',
    '```bash',
    curlText,
    '```',
    '',
  ];
  return lines.join('\n');
}

function conventions(model: ApiModel, site: Site, security: ApiOperation['security'], op?: ApiOperation): string {
  const servers = (op ?? model).servers;
  return [
    '## Conventions',
    '',
    `- Base URL: ${servers.length ? servers.map((s) => `\`${absoluteServer(s.resolvedUrl, site, model)}\``).join(' or ') : 'relative to where the API is served'}. Build request URLs from it and the operation's path; never hard-code another host.`,
    `- Authentication: ${authenticationText(model, security).replace(/\n\n?- /g, '\n  - ')}`,
    '- Read credentials from configuration or environment variables; never write a credential into code, tests or logs.',
    '- Send and expect JSON unless the operation says otherwise; set `Content-Type` for bodies.',
    '- Treat any status outside 2xx as an error: read the response body for the reason, and retry only on 429 and 5xx, with backoff.',
    `- Reference: ${pageUrl(site, model.basePath)}${model.download ? `; OpenAPI document: ${pageUrl(site, model.download.href)}` : ''}.`,
  ].join('\n');
}
