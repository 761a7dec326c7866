import { useEffect, useMemo } from 'react';
import { highlightJson } from '../../shared/highlight-json.js';
import { L } from './Label.js';
import type { RunResult } from './run-result.js';

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A response: status coloured by class, time, size, headers, and the body (JSON highlighted) or a download. */
export function ResponseView({ result }: { result: RunResult }): React.JSX.Element {
  const statusClass = `${Math.floor(result.status / 100)}xx`;
  const download = useMemo(() => (result.blob ? URL.createObjectURL(result.blob) : undefined), [result.blob]);
  useEffect(() => () => (download ? URL.revokeObjectURL(download) : undefined), [download]);
  const json = result.text !== undefined && /json/i.test(result.contentType);
  return (
    <div className="tryit__response">
      <dl className="tryit__stats">
        <div>
          <dt>
            <L k="execute.status" />
          </dt>
          <dd>
            <span className={`api-status api-status--${statusClass} tryit__status`}>
              {result.status} {result.statusText}
            </span>
          </dd>
        </div>
        <div>
          <dt>
            <L k="execute.time" />
          </dt>
          <dd>{result.ms} ms</dd>
        </div>
        <div>
          <dt>
            <L k="execute.size" />
          </dt>
          <dd>{formatSize(result.size)}</dd>
        </div>
      </dl>
      <details className="tryit__headers">
        <summary>
          <L k="execute.headers" /> ({result.headers.length})
        </summary>
        <table className="tryit__header-table">
          <tbody>
            {result.headers.map(([name, value], i) => (
              <tr key={i}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {download ? (
        <a className="button button--secondary" href={download} download="response">
          <L k="execute.download" /> ({result.contentType})
        </a>
      ) : result.text ? (
        <pre className="api-code tryit__body-out" tabIndex={0}>
          {json ? <code dangerouslySetInnerHTML={{ __html: highlightJson(result.text) }} /> : <code>{result.text}</code>}
        </pre>
      ) : (
        <p className="api-muted">
          <L k="execute.emptyBody" />
        </p>
      )}
    </div>
  );
}
