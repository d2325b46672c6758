/**
 * Test support: compares the shape of two JSON answers (field names and JSON types, recursively), so a test can
 * check that a simulator answers with every field a recorded real answer has, in the same type.
 */

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * The paths where `candidate` lacks a field of `real` or has it in another JSON type ("item.float_value:
 * number≠null"). Arrays compare their first elements; extra fields of `candidate` are allowed.
 */
export function shapeDifferences(real: unknown, candidate: unknown, path = ''): string[] {
  const realType = typeOf(real);
  const candidateType = typeOf(candidate);
  if (realType !== candidateType) return [`${path || '(root)'}: ${realType}≠${candidateType}`];
  if (realType === 'array') {
    const [first] = real as unknown[];
    const [other] = candidate as unknown[];
    if (first === undefined || other === undefined) return [];
    return shapeDifferences(first, other, `${path}[0]`);
  }
  if (realType !== 'object') return [];
  const differences: string[] = [];
  const theirs = candidate as Record<string, unknown>;
  for (const [key, value] of Object.entries(real as Record<string, unknown>)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in theirs)) differences.push(`${at}: missing`);
    else differences.push(...shapeDifferences(value, theirs[key], at));
  }
  return differences;
}
