import type { ComponentType } from 'react';
import type { ApiPanelSite, RequestData } from '../../shared/api-request.js';
import type { ApiPanelKind, ApiPanelProps } from '../../shared/islands.js';
import { AuthPanel } from './AuthPanel.js';
import { CodeSamples } from './CodeSamples.js';
import { TryIt } from './TryIt.js';

// The API reference's interactive half, one lazy chunk: the authorization panel, the try-it and
// the code samples. The server renders each into its place (components/api/panel/ApiPanels.tsx);
// client/api/panels.ts hydrates it there when the reader first uses it.

export const API_PANELS: { [K in ApiPanelKind]: ComponentType<ApiPanelProps[K]> } = {
  authorization: AuthPanel,
  'try-it': TryIt,
  'code-samples': CodeSamples,
};

function json<T>(script: Element | null | undefined): T | undefined {
  return script?.textContent ? (JSON.parse(script.textContent) as T) : undefined;
}

/** The props of the panel in `el`, from the page's data (the same the server rendered it from). */
export function panelProps(el: HTMLElement): ApiPanelProps[ApiPanelKind] {
  const kind = el.dataset.apiPanel as ApiPanelKind;
  const site = json<ApiPanelSite>((el.closest('.page-wrapper') ?? document).querySelector('script[data-api-site]'));
  const data = json<RequestData>(el.closest('[data-operation]')?.querySelector('script[data-api-request]'));
  if (!site || (kind !== 'authorization' && !data)) throw new Error(`API panel "${kind}": its data is missing from the page`);
  return { site, data: data! };
}
