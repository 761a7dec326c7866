// The API model: everything the API reference pages need, produced by render/openapi/toApiModel.
// Nothing after that stage sees OpenAPI document shapes. (Filled in by the OpenAPI reference work.)

/** Data of one API page: the overview or one operation. */
export interface ApiPageData {
  kind: 'overview' | 'operation';
}
