// `npm run lint:guards`: proves that `npm run lint` fails on a new import cycle (type-only ones too), a
// forbidden import and a floating promise. It writes a few throw-away files into the workspaces (they must
// sit there for the zones and the typed rules to apply), lints only them with the repository's eslint.config.js, removes them, and
// fails unless every case is reported by its rule and the allowed import is not.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

import { ESLint } from 'eslint';

import { findCycles } from './check-import-cycles.js';

const root = join(import.meta.dirname, '..');
const tag = `lint-guard-${process.pid}`;

/** file (relative to the root) -> its text and the rule that must report it (null: nothing may). */
const CASES = {
  [`packages/http/src/${tag}/cycle-a.ts`]: {
    text: "import { b } from './cycle-b.ts';\n\nexport const a = (): number => b() + 1;\n",
    rule: 'import-x/no-cycle',
  },
  [`packages/http/src/${tag}/cycle-b.ts`]: {
    text: "import { a } from './cycle-a.ts';\n\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n",
    rule: 'import-x/no-cycle',
  },
  [`packages/http/src/${tag}/imports-an-app.ts`]: {
    text: "export * from '@toydesk/bots';\n",
    rule: 'import-x/no-restricted-paths',
  },
  [`apps/bots/src/${tag}/imports-another-app.ts`]: {
    text: "export * from '../../../server/src/config.ts';\n",
    rule: 'import-x/no-restricted-paths',
  },
  [`apps/bots/src/${tag}/imports-simulators.ts`]: {
    text: "export * from '@toydesk/simulators';\n",
    rule: 'import-x/no-restricted-paths',
  },
  [`apps/bots/src/${tag}/imports-testing.ts`]: {
    text: "export * from '../testing/test-kinds.ts';\n",
    rule: 'import-x/no-restricted-paths',
  },
  [`apps/bots/src/${tag}/uses-testing.test.ts`]: {
    text: "export * from '../testing/test-kinds.ts';\n",
    rule: null,
  },
  [`apps/web/src/features/tags/${tag}.ts`]: {
    text: "export * from '@/features/proxies/api/get-proxies.ts';\n",
    rule: 'import-x/no-restricted-paths',
  },
  [`apps/web/src/lib/${tag}.ts`]: {
    text: "export * from '@toydesk/markets';\n",
    rule: 'import-x/no-restricted-paths',
  },
  [`apps/server/src/${tag}/writes-sql.ts`]: {
    text: 'export const sql = (table: string): string =>\n  `SELECT id FROM ${table} WHERE id = $1`;\n',
    rule: 'no-restricted-syntax',
  },
  [`apps/bots/src/${tag}/writes-sql.ts`]: {
    text: "export const sql = 'INSERT INTO bot_alert (kind) VALUES ($1)';\n",
    rule: 'no-restricted-syntax',
  },
  [`apps/bots/src/${tag}/seeds-sql.test.ts`]: {
    text: "export const sql = 'INSERT INTO bot_alert (kind) VALUES ($1)';\n",
    rule: null,
  },
  [`packages/http/src/${tag}/floating.ts`]: {
    text: 'export function start(): void {\n  Promise.reject(new Error("lost"));\n}\n',
    rule: '@typescript-eslint/no-floating-promises',
  },
};

const written = [];
try {
  for (const [file, { text }] of Object.entries(CASES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
    written.push(join(root, file));
  }
  const results = await new ESLint({ cwd: root }).lintFiles(written);
  let failed = false;
  for (const result of results) {
    const file = relative(root, result.filePath);
    const { rule } = CASES[file];
    const rules = result.messages.map((m) => m.ruleId ?? m.message);
    const ok = rule === null ? rules.length === 0 : rules.includes(rule);
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${file}: expected ${rule ?? 'no finding'}, got ${rules.join(', ') || 'none'}`,
    );
  }
  // A cycle of type-only imports: import-x cannot see it; scripts/check-import-cycles.js (in `npm run lint`) must.
  const typeCycle = join(root, `packages/http/src/${tag}/types`);
  mkdirSync(typeCycle, { recursive: true });
  writeFileSync(
    join(typeCycle, 'a.ts'),
    "import type { B } from './b.ts';\n\nexport interface A {\n  b: B;\n}\n",
  );
  writeFileSync(
    join(typeCycle, 'b.ts'),
    "import type { A } from './a.ts';\n\nexport interface B {\n  a?: A;\n}\n",
  );
  const webCycle = join(root, `apps/web/src/lib/${tag}`);
  mkdirSync(webCycle, { recursive: true });
  writeFileSync(join(webCycle, 'a.ts'), `import type { B } from '@/lib/${tag}/b';\n\nexport type A = B[];\n`);
  writeFileSync(join(webCycle, 'b.ts'), `import type { A } from './a.ts';\n\nexport type B = { a: A };\n`);
  for (const [dir, alias, label] of [
    [typeCycle, null, 'packages/http: type-only cycle (relative imports)'],
    [webCycle, join(root, 'apps/web/src'), "apps/web: type-only cycle through the '@/' alias"],
  ]) {
    const ok = findCycles(dir, alias).length === 1;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}: expected check-import-cycles to report it`);
  }
  if (failed) process.exitCode = 1;
} finally {
  rmSync(join(root, `apps/web/src/lib/${tag}`), { recursive: true, force: true });
  for (const file of written) rmSync(file, { force: true });
  rmSync(join(root, `packages/http/src/${tag}`), { recursive: true, force: true });
  rmSync(join(root, `apps/bots/src/${tag}`), { recursive: true, force: true });
}
