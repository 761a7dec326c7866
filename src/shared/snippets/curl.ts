// The curl sample, synchronous, for the server-rendered page (which runs no JavaScript): only the
// curl target is imported.
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import { ADAPTATIONS } from './adaptations.js';
import { toHar, type SnippetRequest } from './snippet-request.js';

export function curlSample(req: SnippetRequest): string {
  return shellCurl.generate(toHar(req, ADAPTATIONS['shell-curl']));
}
