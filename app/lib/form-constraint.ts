import { getZodConstraint } from '@conform-to/zod/v4';
import type { z } from 'zod';

/** The parts of a zod 4 schema this module reads: its definition and, on strings and numbers, their limits. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      innerType?: SchemaNode;
      in?: SchemaNode;
      out?: SchemaNode;
      shape?: Record<string, SchemaNode>;
      element?: SchemaNode;
    };
  };
  minLength?: number | null;
  maxLength?: number | null;
  minValue?: number | null;
  maxValue?: number | null;
}

type Constraint = ReturnType<typeof getZodConstraint>[string];

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The browser-side constraints of a form, derived from its zod schema: Conform's `getZodConstraint` gives
 * `required` and choice patterns, and this adds the length and range limits (maxLength, minLength, min, max),
 * which Conform 1.9 does not find in zod 4.6's checks. A field whose schema accepts it missing (a preprocess
 * or a union with a default, which Conform reads as required) is not `required`. The server checks every limit again.
 */
export function formConstraint(schema: z.ZodType): Record<string, Constraint> {
  const constraint = getZodConstraint(schema);
  addLimits(schema as unknown as SchemaNode, '', constraint);
  return constraint;
}

function addLimits(schema: SchemaNode, path: string, constraint: Record<string, Constraint>) {
  const node = unwrap(schema);
  const def = node._zod.def;
  if (def.type === 'object' && def.shape) {
    for (const [key, child] of Object.entries(def.shape)) addLimits(child, path ? `${path}.${key}` : key, constraint);
    return;
  }
  if (def.type === 'array' && def.element) {
    addLimits(def.element, `${path}[]`, constraint);
    return;
  }
  const field = constraint[path];
  if (!field) return;
  if (field.required && (schema as unknown as z.ZodType).safeParse(undefined).success) field.required = false;
  if (typeof node.maxLength === 'number') field.maxLength = node.maxLength;
  if (typeof node.minLength === 'number' && node.minLength > 0) field.minLength = node.minLength;
  if (typeof node.maxValue === 'number' && Number.isFinite(node.maxValue)) field.max = node.maxValue;
  if (typeof node.minValue === 'number' && Number.isFinite(node.minValue)) field.min = node.minValue;
}

/** The schema that holds the checks: through optional/default wrappers, and through preprocess and transform pipes. */
function unwrap(schema: SchemaNode): SchemaNode {
  const def = schema._zod.def;
  if (WRAPPERS.has(def.type) && def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) return unwrap(def.out._zod.def.type === 'transform' ? def.in : def.out);
  return schema;
}
