import type { ApiModel, ApiSchema, ApiSchemaNode } from '../shared/api-model.js';

/** A schema node with its references followed. */
export function resolveSchema(model: ApiModel, node: ApiSchemaNode | undefined): ApiSchema | undefined {
  let current: ApiSchemaNode | undefined = node;
  for (let hops = 0; current?.kind === 'ref' && hops < 20; hops++) current = model.schemas[current.ref];
  return current?.kind === 'schema' ? current : undefined;
}
