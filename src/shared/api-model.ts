// The API model: everything the API reference pages need, produced by openapi/toApiModel.
// Nothing after that stage sees OpenAPI document shapes: OpenAPI 3.0, 3.1 and Swagger 2.0 all end up
// here. Schemas keep their references (`ApiSchemaRef` into `ApiModel.schemas`), so recursive schemas
// stay finite and each named schema exists once in memory; pages expand them lazily with a budget.
// Every `Html` string is sanitized; every URL is http(s), mailto or relative. Where the exports quote a
// description, `descriptionMarkdown` holds the document's own string beside its HTML (no copy).

import type { ApiHistory } from './api-history.js';

/** Sanitized HTML rendered from a description's markdown. */
export type Html = string;

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';
export const PARAMETER_LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];

export interface ApiModel {
  info: ApiInfo;
  /** Version of the source document as written: "3.1.0", "3.0.3", "2.0". */
  specVersion: string;
  /** Route of the overview page ("/api"); operation pages live under it. */
  basePath: string;
  /** The OpenAPI document as written, copied into the output. */
  download: { href: string; fileName: string } | undefined;
  servers: ApiServer[];
  securitySchemes: ApiSecurityScheme[];
  /** The document's default security (an operation without `security` inherits it). */
  security: ApiSecurityRequirement[];
  /** Sidebar groups in order: the document's `tags` first, then tags as operations use them. */
  tags: ApiTag[];
  /** In sidebar order (the order of the pages and of previous/next). */
  operations: ApiOperation[];
  webhooks: ApiWebhook[];
  /** Targets of `ApiSchemaRef.ref`, by reference id (a JSON pointer such as "#/components/schemas/Pet"). */
  schemas: Record<string, ApiSchema>;
  /** The API's releases and what each changed (config `openapi.changelog`), when the config names them. */
  history?: ApiHistory | undefined;
  /** The docs version this reference belongs to ("1.3": its document as `docs version` kept it); undefined for the current document. */
  docsVersion?: string | undefined;
}

/** One API of a site (a site may document several): what the navbar, search and panels need besides its model. */
export interface SiteApi {
  /** Its id (`openapi[].id`, or the file name in a folder of several documents); undefined for a site's only API under `openapi: { … }`. */
  id: string | undefined;
  /** Its name in the navbar's API menu and in search results: the config's `label`, else `info.title`. */
  label: string;
  /** Route of its overview ("/api", "/api/shipping"). */
  basePath: string;
  /** The CORS proxy its try-it may resend a request through. */
  proxyUrl: string | undefined;
  model: ApiModel;
  /** The reference of each docs version that kept this API's document, newest first: under `<basePath>/<name>`. */
  versions: ApiModel[];
}

export interface ApiInfo {
  title: string;
  version: string;
  summary: string | undefined;
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  termsOfService: string | undefined;
  contact: { name: string | undefined; url: string | undefined; email: string | undefined } | undefined;
  license: { name: string; url: string | undefined; identifier: string | undefined } | undefined;
  externalDocs: ApiExternalDocs | undefined;
}

interface ApiExternalDocs {
  url: string;
  description: Html | undefined;
}

export interface ApiServer {
  /** As written, variables in braces ("https://{region}.example.com/v1"). */
  url: string;
  /** With every variable replaced by its default. */
  resolvedUrl: string;
  description: string | undefined;
  variables: ApiServerVariable[];
  /**
   * A server for trying things out (`x-sandbox: true`, or a description naming a sandbox, mock,
   * test or local server): the try-it sends writes to it without asking first.
   */
  sandbox: boolean;
}

interface ApiServerVariable {
  name: string;
  default: string;
  enum: string[];
  description: string | undefined;
}

export type SecuritySchemeType = 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';

export interface ApiSecurityScheme {
  /** Name under `components.securitySchemes`. */
  key: string;
  /** Element id on the overview page. */
  anchor: string;
  type: SecuritySchemeType;
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  /** http: the scheme, lowercased ("bearer", "basic", "digest"). */
  scheme: string | undefined;
  bearerFormat: string | undefined;
  /** apiKey: where the key goes and under which name. */
  in: 'header' | 'query' | 'cookie' | undefined;
  name: string | undefined;
  flows: ApiOAuthFlow[];
  openIdConnectUrl: string | undefined;
}

interface ApiOAuthFlow {
  type: 'implicit' | 'password' | 'clientCredentials' | 'authorizationCode';
  authorizationUrl: string | undefined;
  tokenUrl: string | undefined;
  refreshUrl: string | undefined;
  scopes: { name: string; description: string }[];
}

/** One way to authenticate: every scheme listed applies together. A requirement without schemes means anonymous access. */
export interface ApiSecurityRequirement {
  schemes: { key: string; scopes: string[] }[];
}

export interface ApiTag {
  name: string;
  /** Element id of the tag's section on the overview ("tag-addresses"). */
  anchor: string;
  /** True for the group of operations without a tag (labelled by the UI, not by the document). */
  untagged: boolean;
  description: Html | undefined;
  externalDocs: ApiExternalDocs | undefined;
  entries: ApiNavEntry[];
}

/** A sidebar and overview entry: an operation page, or a webhook on the overview. */
export interface ApiNavEntry {
  kind: 'operation' | 'webhook';
  method: HttpMethod;
  path: string;
  label: string;
  deprecated: boolean;
  /** Route (with "#anchor" for webhooks), without baseUrl. */
  href: string;
  /** The operation's slug, or the webhook's anchor. */
  id: string;
}

/** What operations, webhooks and callback operations have in common. */
export interface ApiOperationCore {
  method: HttpMethod;
  /** The path template ("/shiphero/orders/{orderId}"), or the callback's URL expression. */
  path: string;
  operationId: string | undefined;
  /** Summary, else operationId, else "METHOD path". */
  title: string;
  summary: string | undefined;
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  deprecated: boolean;
  /** Path-level parameters merged in (the operation's win by name and location). */
  parameters: Record<ParameterLocation, ApiParameter[]>;
  requestBody: ApiRequestBody | undefined;
  responses: ApiResponse[];
  /** Effective security: the operation's, else the document's. Empty: no authentication. */
  security: ApiSecurityRequirement[];
  /** Effective servers: the operation's, else the path's, else the document's. */
  servers: ApiServer[];
  externalDocs: ApiExternalDocs | undefined;
  /** The document's own samples (`x-codeSamples`, `x-code-samples`), shown as given. */
  codeSamples: ApiCodeSample[];
}

export interface ApiCodeSample {
  /** Language as written ("Python", "curl"). */
  lang: string;
  /** Tab label: `label`, else `lang`. */
  label: string;
  source: string;
}

export interface ApiOperation extends ApiOperationCore {
  slug: string;
  /** Route of its page ("/api/quoter"). */
  href: string;
  /** Primary tag (the first), or undefined for the untagged group. */
  tag: string | undefined;
  tags: string[];
  callbacks: ApiCallback[];
}

export interface ApiWebhook extends ApiOperationCore {
  /** Key under `webhooks`. */
  name: string;
  /** Element id on the overview page ("webhook-shipment-status-changed"). */
  anchor: string;
  tag: string | undefined;
}

export interface ApiCallback {
  name: string;
  /** The runtime URL expression ("{$request.body#/callbackUrl}"). */
  expression: string;
  operations: ApiOperationCore[];
}

export interface ApiParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  schema: ApiSchemaNode | undefined;
  /** Media type when the parameter is described with `content` instead of `schema`. */
  contentType: string | undefined;
  style: string | undefined;
  explode: boolean | undefined;
  /** The parameter's own example, else its schema's, as JSON text; undefined when none. */
  example: string | undefined;
}

export interface ApiRequestBody {
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  required: boolean;
  content: ApiMediaType[];
}

export interface ApiMediaType {
  mediaType: string;
  schema: ApiSchemaNode | undefined;
  /** The spec's examples in order; else one generated from the schema (`generated: true`). */
  examples: ApiExample[];
  /** No example was generated: the schema expands too much (shared references fanning out) to sample. */
  exampleSkipped: boolean;
}

export interface ApiExample {
  /** Key under `examples`, when named. */
  name: string | undefined;
  summary: string | undefined;
  description: Html | undefined;
  /** Display text: pretty JSON, or the raw string for non-JSON media types. */
  value: string;
  language: 'json' | 'text';
  /** The value was cut to keep the page small; `size` is the full length in characters. */
  truncated: boolean;
  size: number;
  generated: boolean;
  externalValue: string | undefined;
}

export interface ApiResponse {
  /** "200", "4XX", "default". */
  status: string;
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  headers: ApiHeader[];
  content: ApiMediaType[];
}

export interface ApiHeader {
  name: string;
  description: Html | undefined;
  required: boolean;
  deprecated: boolean;
  schema: ApiSchemaNode | undefined;
  example: string | undefined;
}

// ---------- Schemas ----------

export type ApiSchemaNode = ApiSchema | ApiSchemaRef;

/** A reference kept as a reference: resolve it with `ApiModel.schemas[ref]`. */
export interface ApiSchemaRef {
  kind: 'ref';
  ref: string;
  /** Display name ("Address"). */
  name: string;
  /** Sibling keywords of `$ref` (OpenAPI 3.1) that override the target's. */
  description: Html | undefined;
  descriptionMarkdown: string | undefined;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
}

export interface ApiSchema {
  kind: 'schema';
  /** Component name when this schema is a reference target. */
  name: string | undefined;
  title: string | undefined;
  /** JSON types ("object", "string", "null", …) as written; empty when any type is allowed. */
  types: string[];
  /**
   * Null is a valid value: a "null" type, OpenAPI 3.0's `nullable`, or a oneOf/anyOf member that
   * allows only null (such members are not listed as variants: `anyOf: [X, {type: null}]` is a nullable X).
   */
  nullable: boolean;
  format: string | undefined;
  description: Html | undefined;
  /** The description's Markdown as written (`description` is its HTML): what the Markdown exports quote. */
  descriptionMarkdown: string | undefined;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  /** Values as JSON text. */
  default: string | undefined;
  const: string | undefined;
  /** The first values as JSON text; `total` counts them all. */
  enum: { values: string[]; total: number } | undefined;
  examples: string[];
  /** Validation keywords, in the document's order. */
  constraints: ApiConstraint[];
  properties: ApiProperty[];
  /** Number of properties when more exist than `properties` holds. */
  propertyTotal: number;
  /** true: any extra property; false: none allowed; a schema: extra values' schema; undefined: unspecified. */
  additionalProperties: ApiSchemaNode | boolean | undefined;
  patternProperties: { pattern: string; schema: ApiSchemaNode }[];
  items: ApiSchemaNode | undefined;
  prefixItems: ApiSchemaNode[];
  /**
   * Alternatives. When the schema has properties of its own (or a `required` list without them),
   * each variant's schema includes them, merged as allOf would be: a view draws the variants alone.
   * A discriminator without oneOf/anyOf lists the schemas it maps to (or that extend this one
   * through allOf) as oneOf, as Redoc does.
   */
  oneOf: ApiVariant[];
  anyOf: ApiVariant[];
  /** `allOf` members that could not be merged into this schema (merging is the rule). */
  allOf: ApiSchemaNode[];
  not: ApiSchemaNode | undefined;
  discriminator: ApiDiscriminator | undefined;
}

interface ApiProperty {
  name: string;
  required: boolean;
  schema: ApiSchemaNode;
}

export interface ApiVariant {
  /**
   * What the reader picks it by: the discriminator values that select it, else its title, else its
   * schema name, else a name derived from its content ("object (id, name)", "array[Tag]", "string").
   * Unique within its list.
   */
  label: string;
  schema: ApiSchemaNode;
  /** The named schema it was written as, also when `schema` is that schema merged with the parent's properties. */
  ref: string | undefined;
}

/** A validation keyword (or two that read as one: minLength with maxLength). */
export type ApiConstraint =
  | { kind: 'minimum' | 'maximum'; value: number; exclusive: boolean }
  | { kind: 'length' | 'items' | 'properties' | 'contains'; min: number | undefined; max: number | undefined }
  | { kind: 'multipleOf'; value: number }
  | { kind: 'pattern' | 'contentMediaType' | 'contentEncoding'; value: string }
  | { kind: 'uniqueItems' | 'never' }
  /** `required` without `properties` (an anyOf branch drawn on its own): these names must be present. */
  | { kind: 'requires'; names: string[] }
  | { kind: 'dependentRequired'; name: string; names: string[] };

export interface ApiDiscriminator {
  propertyName: string;
  mapping: { value: string; ref: string; name: string }[];
}

// ---------- Pages ----------

export interface ApiNavLink {
  title: string;
  href: string;
}

/** Data of one API page: the overview or one operation. Both share the whole model by reference. */
export type ApiPageData =
  | { kind: 'overview'; api: ApiModel; next: ApiNavLink | undefined }
  | { kind: 'operation'; api: ApiModel; operation: ApiOperation; prev: ApiNavLink | undefined; next: ApiNavLink | undefined }
  | { kind: 'changelog'; api: ApiModel; history: ApiHistory };
