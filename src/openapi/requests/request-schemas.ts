import { getAtPointer } from '../load/pointer.js';
import { isObj, type Obj } from '../model/model-context.js';

// The document's schemas as a JSON Schema validator must read them to check a request. OpenAPI 3.0
// (and Swagger 2.0, converted to it) is not quite JSON Schema: `nullable`, boolean
// `exclusiveMinimum`/`exclusiveMaximum`. And in any version a `readOnly` property is never sent, so a
// request must not be asked for it even when `required` lists it. The copy keeps every place of the
// document, so a JSON pointer into the document points at the same schema in the copy.

/** Keys whose value is data (an example, a constant), never a schema: left as they are. */
const DATA_KEYS = new Set(['example', 'examples', 'const', 'enum', 'default']);
/** Keys whose value maps names to schemas or to objects holding them: the names are not keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'paths',
  'webhooks',
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'content',
  'encoding',
  'callbacks',
  'pathItems',
]);

/** A copy of the document whose schemas mean, to a JSON Schema validator, what they mean for a request. */
export function requestSchemaDocument(document: Obj): Obj {
  const copy = structuredClone(document);
  const openapi30 = !(typeof document.openapi === 'string' && document.openapi.startsWith('3.1'));
  const seen = new WeakSet<object>();
  const walk = (node: unknown, names: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, false);
      return;
    }
    if (!isObj(node) || seen.has(node)) return;
    seen.add(node);
    if (names) {
      for (const value of Object.values(node)) walk(value, false);
      return;
    }
    adjustSchema(node, copy, openapi30);
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      walk(value, NAME_MAPS.has(key) && isObj(value));
    }
  };
  walk(copy, false);
  return copy;
}

/** Adjusts one object of the document in place, if it is a schema (other objects have none of these keys). */
function adjustSchema(schema: Obj, root: Obj, openapi30: boolean): void {
  // Sub-schemas naming a dialect the validator does not know would fail to compile; the document's version says which it is.
  if (typeof schema.$schema === 'string') delete schema.$schema;
  if (openapi30) {
    if (schema.nullable === true) {
      if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
      if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    }
    if ('nullable' in schema) delete schema.nullable;
    for (const [exclusive, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof schema[exclusive] !== 'boolean') continue;
      if (schema[exclusive] === true && typeof schema[bound] === 'number') {
        schema[exclusive] = schema[bound];
        delete schema[bound];
      } else delete schema[exclusive];
    }
  }
  if (Array.isArray(schema.required) && isObj(schema.properties)) {
    const properties = schema.properties;
    schema.required = schema.required.filter((name) => !(typeof name === 'string' && isReadOnly(properties[name], root)));
  }
}

/** Whether a property's schema (or the one its `$ref` names) is `readOnly`. */
function isReadOnly(schema: unknown, root: Obj): boolean {
  let node = schema;
  for (let hops = 0; isObj(node) && hops < 10; hops++) {
    if (node.readOnly === true) return true;
    if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return false;
    node = getAtPointer(root, node.$ref);
  }
  return false;
}
