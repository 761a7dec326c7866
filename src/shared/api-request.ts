// The contract between an operation's page and its interactive half (try-it, code samples,
// exports): what the page embeds as JSON (`<script type="application/json" data-api-request>`,
// components/api/operation/request-data.ts) and the browser reads. No node, no DOM.
import type { ApiOperation } from './api-model.js';

export interface RequestParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  deprecated: boolean;
  description: string | undefined;
  schema:
    | { type: string | undefined; nullable: boolean; format: string | undefined; enum: unknown[] | undefined; default: unknown; items: string | undefined }
    | undefined;
  style: string | undefined;
  explode: boolean | undefined;
  contentType: string | undefined;
  example: string | undefined;
}

export interface RequestData {
  method: string;
  path: string;
  servers: { url: string; resolvedUrl: string; description: string | undefined; variables: ApiOperation['servers'][number]['variables'] }[];
  security: ApiOperation['security'];
  schemes: { key: string; type: string; scheme: string | undefined; in: string | undefined; name: string | undefined }[];
  parameters: RequestParameter[];
  body: { mediaType: string; required: boolean; description: string | undefined; example: string | undefined } | undefined;
}
