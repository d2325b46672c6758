import { readFileSync } from 'node:fs';

/**
 * The product texts of docs/console-spec.md, read from the spec itself so that a test compares the
 * contract's tables with the spec's words rather than with a second copy of them. Tests only (Node).
 */
const spec = readFileSync(new URL('../../../../docs/console-spec.md', import.meta.url), 'utf8');

/** The body of one `## <number>. <title>` section. */
function section(number: number): string {
  const start = spec.indexOf(`\n## ${number}. `);
  if (start < 0) throw new Error(`console-spec.md has no section ${number}`);
  const end = spec.indexOf('\n## ', start + 1);
  return spec.slice(start, end < 0 ? undefined : end);
}

/** Section 5's "Default rule messages" list: `  - name: 'message'` lines. */
export function specRuleMessages(): Record<string, string> {
  return Object.fromEntries(
    [...section(5).matchAll(/^ {2}- (\w+): '([^']*)'$/gm)].map(([, name, message]) => [name, message]),
  );
}

/** Section 8's table of product messages: `| code | 'message' |` rows. */
export function specErrorMessages(): Record<string, string> {
  return Object.fromEntries(
    [...section(8).matchAll(/^\| (\w+) +\| '([^']*)' +\|$/gm)].map(([, code, message]) => [code, message]),
  );
}

/** Section 8's "Default English set": `name 'message'` pairs, the client code named `network`. */
export function specEnglishErrorMessages(): Record<string, string> {
  const line = /^Default English set: (.*)$/m.exec(section(8))?.[1];
  if (!line) throw new Error('console-spec.md section 8 has no "Default English set"');
  return Object.fromEntries(
    [...line.matchAll(/(\w+) '([^']*)'/g)].map(([, name, message]) => [
      name === 'network' ? 'ERR_NETWORK' : name,
      message,
    ]),
  );
}
