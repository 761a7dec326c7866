// The code samples' languages, and each one's writer loaded on demand: a literal `import()` per
// target, so the bundler makes each its own chunk and the browser loads only the chosen one.
import type { Plugin } from '@scalar/snippetz';
import { ADAPTATIONS, type SnippetTargetId } from './adaptations.js';
import { toHar, type SnippetRequest } from './snippet-request.js';

export type { SnippetTargetId } from './adaptations.js';

export interface SnippetTarget {
  id: SnippetTargetId;
  /** The tab's name. */
  label: string;
  /** The shiki language that highlights the sample. */
  lang: string;
}

/** localStorage key of the reader's sample language (a preference, not a credential). */
export const SAMPLE_LANGUAGE_KEY = 'shipdocs.api.sample';

export const SNIPPET_TARGETS: readonly SnippetTarget[] = [
  { id: 'shell-curl', label: 'curl', lang: 'bash' },
  { id: 'python-requests', label: 'Python', lang: 'python' },
  { id: 'js-fetch', label: 'JavaScript', lang: 'javascript' },
  { id: 'js-jquery', label: 'jQuery', lang: 'javascript' },
  { id: 'node-fetch', label: 'Node.js', lang: 'javascript' },
  { id: 'go-native', label: 'Go', lang: 'go' },
  { id: 'java-nethttp', label: 'Java', lang: 'java' },
  { id: 'csharp-restsharp', label: 'C#', lang: 'csharp' },
  { id: 'php-guzzle', label: 'PHP', lang: 'php' },
  { id: 'ruby-native', label: 'Ruby', lang: 'ruby' },
  { id: 'swift-nsurlsession', label: 'Swift', lang: 'swift' },
  { id: 'kotlin-okhttp', label: 'Kotlin', lang: 'kotlin' },
  { id: 'powershell-restmethod', label: 'PowerShell', lang: 'powershell' },
  { id: 'shell-httpie', label: 'HTTPie', lang: 'bash' },
  { id: 'shell-wget', label: 'wget', lang: 'bash' },
];

const PLUGINS: Record<SnippetTargetId, () => Promise<Plugin>> = {
  'shell-curl': async () => (await import('@scalar/snippetz/plugins/shell/curl')).shellCurl,
  'python-requests': async () => (await import('@scalar/snippetz/plugins/python/requests')).pythonRequests,
  'js-fetch': async () => (await import('@scalar/snippetz/plugins/js/fetch')).jsFetch,
  'js-jquery': async () => (await import('@scalar/snippetz/plugins/js/jquery')).jsJquery,
  'node-fetch': async () => (await import('@scalar/snippetz/plugins/node/fetch')).nodeFetch,
  'go-native': async () => (await import('@scalar/snippetz/plugins/go/native')).goNative,
  'java-nethttp': async () => (await import('@scalar/snippetz/plugins/java/nethttp')).javaNethttp,
  'csharp-restsharp': async () => (await import('@scalar/snippetz/plugins/csharp/restsharp')).csharpRestsharp,
  'php-guzzle': async () => (await import('@scalar/snippetz/plugins/php/guzzle')).phpGuzzle,
  'ruby-native': async () => (await import('@scalar/snippetz/plugins/ruby/native')).rubyNative,
  'swift-nsurlsession': async () => (await import('@scalar/snippetz/plugins/swift/nsurlsession')).swiftNsurlsession,
  'kotlin-okhttp': async () => (await import('@scalar/snippetz/plugins/kotlin/okhttp')).kotlinOkhttp,
  'powershell-restmethod': async () => (await import('@scalar/snippetz/plugins/powershell/restmethod')).powershellRestmethod,
  'shell-httpie': async () => (await import('@scalar/snippetz/plugins/shell/httpie')).shellHttpie,
  'shell-wget': async () => (await import('@scalar/snippetz/plugins/shell/wget')).shellWget,
};

const isTargetId = (id: string): id is SnippetTargetId => Object.hasOwn(PLUGINS, id);

/** The sample writer of a target (an id of SNIPPET_TARGETS, such as a stored preference), its code loaded on first use. */
export async function loadTarget(id: string): Promise<(req: SnippetRequest) => string> {
  if (!isTargetId(id)) throw new Error(`Unknown code sample target "${id}"`);
  const plugin = await PLUGINS[id]();
  const adaptation = ADAPTATIONS[id];
  return (req) => plugin.generate(toHar(req, adaptation));
}
