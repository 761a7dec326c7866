import { createElement } from 'react';
import type { ApiPanelSite, RequestData } from '../../shared/api-request.js';
import { AuthPanel } from './AuthPanel.js';
import { CodeSamples } from './CodeSamples.js';
import { TryIt } from './TryIt.js';

// The API reference's interactive half, one lazy chunk: the authorization panel, the try-it and
// the code samples. client/api/panels.ts renders each over the server's markup of its place
// (islands/mount.tsx's renderRoot) when the reader first uses it; their first render has the
// structure of that markup, so the click that started the loading is replayed on the same control.

export type PanelKind = 'authorization' | 'try-it' | 'code-samples';

function json<T>(script: Element | null | undefined): T | undefined {
  return script?.textContent ? (JSON.parse(script.textContent) as T) : undefined;
}

/** The panel to mount over `el`, from the page's embedded data. */
export function apiPanel(el: HTMLElement): React.ReactElement {
  const kind = el.dataset.apiPanel as PanelKind;
  const page = el.closest('.page-wrapper') ?? document;
  const site = json<ApiPanelSite>(page.querySelector('script[data-api-site]'));
  const data = json<RequestData>(el.closest('[data-operation]')?.querySelector('script[data-api-request]'));
  if (!site || (kind !== 'authorization' && !data)) throw new Error(`API panel "${kind}": its data is missing from the page`);
  if (kind === 'authorization') return createElement(AuthPanel, { site });
  if (kind === 'try-it') return createElement(TryIt, { data: data!, site });
  return createElement(CodeSamples, { data: data!, site });
}
