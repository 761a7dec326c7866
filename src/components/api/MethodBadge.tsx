import type { HttpMethod } from '../../shared/api-model.js';

/** The coloured HTTP method label (colours in 40-api.css: GET green, POST blue, …). */
export function MethodBadge({ method, small = false }: { method: HttpMethod; small?: boolean }): React.JSX.Element {
  return (
    <span className={`api-method api-method--${method}${small ? ' api-method--sm' : ''}`}>
      {method === 'delete' ? (small ? 'DEL' : 'DELETE') : method === 'options' && small ? 'OPT' : method.toUpperCase()}
    </span>
  );
}

/** A path template with its {parameters} marked. */
export function PathTemplate({ path }: { path: string }): React.JSX.Element {
  const parts = path.split(/(\{[^}]+\})/);
  return (
    <code className="api-path">
      {parts.map((part, i) =>
        part.startsWith('{') && part.endsWith('}') ? (
          <span className="api-path__param" key={i}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </code>
  );
}
