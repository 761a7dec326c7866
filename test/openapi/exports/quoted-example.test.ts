import { beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { assistantExports } from '../../../src/openapi/exports/assistant-exports.js';
import { clientExports } from '../../../src/openapi/exports/client-exports.js';
import { findDocument } from '../../../src/openapi/load/find-document.js';
import { loadApiModel } from '../../../src/openapi/load-api-model.js';
import type { ApiModel } from '../../../src/shared/api-model.js';
import type { OutputFile } from '../../../src/shared/model.js';
import { buildRequest } from '../../../src/shared/request/build-request.js';
import { initialInputs } from '../../../src/shared/request/initial-inputs.js';
import { requestData } from '../../../src/shared/request/request-data.js';
import { snippetRequest } from '../../../src/shared/snippets/snippet-request.js';
import { loadTarget, SNIPPET_TARGETS } from '../../../src/shared/snippets/targets.js';
import { asText, tempProject } from '../../helpers/fixtures.js';

// A string example holding a double quote (`He said "hi"`) arrives as written: in the try-it's
// starting values, in every code sample and in every export, escaped once by each one's syntax
// (the model writes examples as JSON, and the JSON string's own escape once leaked into the value).

const SAID = 'He said "hi"';
/** The value with the JSON escape left in: `He said \"hi\"`. */
const LEAKED = 'He said \\"hi\\"';

const root = tempProject({
  'openapi/quoted.yaml': `openapi: 3.1.0
info: { title: Quoted, version: '1' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /notes:
    get:
      operationId: listNotes
      parameters:
        - { name: q, in: query, schema: { type: string }, example: 'He said "hi"' }
        - { name: X-Note, in: header, schema: { type: string }, example: 'He said "hi"' }
      responses: { '200': { description: OK } }
`,
});

let model: ApiModel;
beforeAll(async () => {
  const found = findDocument(root, 'openapi/quoted.yaml');
  const loaded = await loadApiModel(root, found.document!, { basePath: '/api', deadline: Date.now() + 60_000 });
  model = loaded.model!;
});

const fileOf = (files: OutputFile[], name: string): string => asText((files.find((f) => f.path.endsWith(name)) as { contents: string }).contents);

describe('a string example with a double quote', () => {
  it('starts the try-it as written', () => {
    const built = buildRequest(requestData(model, model.operations[0]!), initialInputs(requestData(model, model.operations[0]!)));
    expect(new URL(built.url).searchParams.get('q')).toBe(SAID);
    expect(built.headers).toContainEqual(['X-Note', SAID]);
  });

  it('is written once-escaped in the code sample of every target', async () => {
    const data = requestData(model, model.operations[0]!);
    const request = snippetRequest(buildRequest(data, initialInputs(data)));
    expect(SNIPPET_TARGETS).toHaveLength(15);
    for (const { id } of SNIPPET_TARGETS) {
      const code = (await loadTarget(id))(request);
      // The URL's query: percent-encoded quotes, no encoded backslash.
      expect(code, id).toMatch(/q=He(%20|\+)said(%20|\+)%22hi%22/);
      expect(code, id).not.toMatch(/%5C/i);
      // The header: in a string literal of the language, the quote escaped at most once.
      expect(code, id).toMatch(/He said (\\?"|`")hi(\\?"|`")/);
      expect(code, id).not.toContain('\\\\"');
      expect(code, id).not.toContain('\\\\\\"');
    }
  });

  it('arrives unchanged in Postman, Insomnia, Bruno (both) and the .http file', async () => {
    const files = await clientExports(model);
    const postman = JSON.parse(fileOf(files, 'postman-collection.json')) as {
      item: { request: { url: { query: { key: string; value: string }[] }; header: { key: string; value: string }[] } }[];
    };
    const request = postman.item.flatMap((i: any) => (i.item ? i.item : [i]))[0].request;
    expect(request.url.query).toContainEqual(expect.objectContaining({ key: 'q', value: SAID }));
    expect(request.header).toContainEqual(expect.objectContaining({ key: 'X-Note', value: SAID }));

    const insomnia = JSON.parse(fileOf(files, 'insomnia.json')) as { resources: any[] };
    const insomniaRequest = insomnia.resources.find((r) => r._type === 'request');
    expect(JSON.stringify(insomniaRequest)).toContain(JSON.stringify(SAID).slice(1, -1));
    expect(JSON.stringify(insomniaRequest)).not.toContain(JSON.stringify(LEAKED).slice(1, -1));
    expect(
      [insomniaRequest.url, ...insomniaRequest.parameters.map((p: any) => p.value), ...insomniaRequest.headers.map((h: any) => h.value)].join('\n'),
    ).toContain(SAID);

    const bruno = fileOf(files, 'bruno-collection.json');
    expect(bruno).toContain(JSON.stringify(SAID).slice(1, -1));
    expect(bruno).not.toContain(JSON.stringify(LEAKED).slice(1, -1));

    const zip = files.find((f) => f.path.endsWith('bruno-collection.zip')) as { contents: Uint8Array };
    const folder = Object.entries(unzipSync(zip.contents))
      .filter(([name]) => !name.endsWith('/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(folder).toMatch(/He said (\\?")hi(\\?")/);
    expect(folder).not.toContain('\\\\"');
    expect(folder).not.toContain(LEAKED.replace(/\\/g, '\\\\'));

    const http = fileOf(files, 'requests.http');
    expect(http).toContain(`X-Note: ${SAID}`);
    expect(http).toMatch(/q=He(%20|\+)said(%20|\+)%22hi%22/);
    expect(http).not.toMatch(/%5C|\\"/i);
  });

  it('arrives unchanged in universal.md’s curl call', async () => {
    const { files } = await assistantExports(model, { url: 'https://docs.example.com/' });
    const md = fileOf(files, 'exports/universal.md');
    expect(md).toMatch(/q=He(%20|\+)said(%20|\+)%22hi%22/);
    expect(md).toContain(`X-Note: ${SAID}`);
    expect(md).not.toContain(LEAKED);
    expect(md).not.toMatch(/%5C/i);
  });
});
