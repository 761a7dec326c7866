import type { RequestParameter } from '../../src/shared/api-request.js';

/** A parameter of the page/browser request contract, with every field not given left unset. */
export const param = (over: Partial<RequestParameter> & Pick<RequestParameter, 'name' | 'in'>): RequestParameter => ({
  required: false,
  deprecated: false,
  description: undefined,
  schema: undefined,
  style: undefined,
  explode: undefined,
  contentType: undefined,
  example: undefined,
  ...over,
});
