// The contract between an operation's page and its interactive half (try-it, code samples,
// exports): what the page embeds as JSON (`<script type="application/json" data-api-request>`,
// shared/request/request-data.ts) and the browser reads. No node, no DOM.
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

/** A security scheme as the authorization panel and the try-it need it. */
export interface RequestScheme {
  key: string;
  type: string;
  /** http: "bearer", "basic", … */
  scheme: string | undefined;
  /** apiKey: where the key goes and under which name. */
  in: string | undefined;
  name: string | undefined;
  /** oauth2: the client-credentials flow's token URL, when the scheme has that flow. */
  tokenUrl: string | undefined;
  /** oauth2: the authorization-code flow (run with PKCE by the authorization panel), when the scheme has one. */
  authorizationCode?: RequestOAuthFlow | undefined;
  /** oauth2: the client-credentials flow's scopes. */
  clientCredentialsScopes?: RequestScope[] | undefined;
  /** oauth2: the implicit flow (legacy, RFC 9700 §2.1.2: the token comes back in the URL). */
  implicit?: { authorizationUrl: string; scopes: RequestScope[] } | undefined;
  /** oauth2: the resource owner password flow (legacy, RFC 9700 §2.4: the client sees the user's password). */
  password?: { tokenUrl: string; refreshUrl: string | undefined; scopes: RequestScope[] } | undefined;
  /** openIdConnect: the discovery document's URL, read by the panel in the browser. */
  openIdConnectUrl?: string | undefined;
  description: string | undefined;
}

export interface RequestScope {
  name: string;
  description: string;
}

/** The site's defaults for an OAuth 2.0 or OpenID Connect scheme (config `openapi.oauth`): public values only. */
interface RequestOAuthDefaults {
  clientId: string | undefined;
  scopes: string[];
}

/** An OAuth 2.0 flow that sends the reader to the authorization server. */
export interface RequestOAuthFlow {
  authorizationUrl: string;
  tokenUrl: string;
  /** Where a refresh token is exchanged, when not at the token URL. */
  refreshUrl: string | undefined;
  scopes: RequestScope[];
}

/** A field of a form body (urlencoded or multipart): a file when its schema is binary. */
export interface RequestFormField {
  name: string;
  required: boolean;
  type: string | undefined;
  file: boolean;
  example: string | undefined;
}

export interface RequestBody {
  mediaType: string;
  /** The example as text (pretty JSON for JSON), when it is small enough to edit. */
  example: string | undefined;
  /** Fields of a form body, from its schema's properties. */
  fields: RequestFormField[];
}

export interface RequestData {
  /** The operation's page slug: what the try-it's state is kept under. */
  id: string;
  method: string;
  path: string;
  servers: { url: string; resolvedUrl: string; description: string | undefined; variables: ApiOperation['servers'][number]['variables']; sandbox: boolean }[];
  security: ApiOperation['security'];
  /** The schemes the operation's requirements name. */
  schemes: RequestScheme[];
  parameters: RequestParameter[];
  /** One per media type the operation accepts; `required` applies to all. */
  bodies: RequestBody[];
  bodyRequired: boolean;
  /** The document's own samples (`x-codeSamples`). */
  codeSamples: ApiOperation['codeSamples'];
}

/** What every API panel of a page shares: the API's credentials' key, its schemes, the proxy. */
export interface ApiPanelSite {
  /** The API's route base ("/api"): what the reader's choices are kept under. */
  apiBase: string;
  /** sessionStorage key of the credentials (shared/api-auth.ts). */
  authKey: string;
  /** Every security scheme of the document. */
  schemes: RequestScheme[];
  /** Prefilled client ids and scopes, by scheme key (config `openapi.oauth`). */
  oauth?: Record<string, RequestOAuthDefaults> | undefined;
  /** The site's CORS proxy, when it has one (`openapi.proxyUrl`). */
  proxyUrl: string | undefined;
  /** The site's address (config `url` + `baseUrl`): what the server-rendered samples resolve relative server URLs against. */
  siteUrl: string;
}
