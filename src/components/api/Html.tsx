import type { Html as HtmlText } from '../../shared/api-model.js';

/** Sanitized description HTML from the model (render/markdown/render-description made it safe). */
export function Html({ html, className }: { html: HtmlText | undefined; className?: string }): React.JSX.Element | null {
  if (!html) return null;
  return <div className={`markdown api-markdown${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
