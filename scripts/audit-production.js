// Part of `npm test`: the packages production installs (`npm ci --omit=dev`) carry no known advisory.
//
// First choice is the registry's advisory service through `npm audit --omit=dev --json`; every finding
// fails the run unless ALLOWED names it with the reason it does not reach toydesk. Where the service does
// not answer (these build machines reach the registry's packages but its audit endpoint refuses them), the
// installed production tree is checked against KNOWN_ADVISORIES below, a committed list of the advisories
// that concern packages this project has had in its tree, and the output says which check ran.
import { execFileSync } from 'node:child_process';

/** Advisories accepted on purpose: `name` → why it cannot reach toydesk. Empty: nothing is accepted. */
const ALLOWED = {};

/**
 * Advisories checked offline: a package and the versions affected. Sources: the GitHub advisory database
 * entries named. steamcommunity 3.x depends on `request`, which is replaced through package.json's
 * `overrides` by `@cypress/request` (the maintained fork, same API), bringing tough-cookie 5 and
 * form-data 4.
 */
const KNOWN_ADVISORIES = [
  // GHSA-p8p7-x288-28g6: SSRF through cross-protocol redirects; request is deprecated and has no fix.
  { name: 'request', affected: (v) => v.startsWith('2.') || v.startsWith('1.') || v.startsWith('0.') },
  // GHSA-72xf-g2v4-qvf3: prototype pollution in tough-cookie before 4.1.3.
  { name: 'tough-cookie', affected: (v) => below(v, '4.1.3') },
  // GHSA-fjxv-7rqg-78g4: predictable multipart boundary in form-data < 2.5.4, 3.0.0–3.0.3, 4.0.0–4.0.3.
  {
    name: 'form-data',
    affected: (v) => below(v, '2.5.4') || inRange(v, '3.0.0', '3.0.4') || inRange(v, '4.0.0', '4.0.4'),
  },
  // GHSA-pxg6-pf52-xh8x: cookie names and values out of bounds in cookie < 0.7.0.
  { name: 'cookie', affected: (v) => below(v, '0.7.0') },
  // GHSA-3h5v-q93c-6h6q: a request with many headers crashes ws < 8.17.1 (and the older lines' fixes).
  {
    name: 'ws',
    affected: (v) =>
      below(v, '5.2.4') ||
      inRange(v, '6.0.0', '6.2.3') ||
      inRange(v, '7.0.0', '7.5.10') ||
      inRange(v, '8.0.0', '8.17.1'),
  },
  // GHSA-c2qf-rxjj-qqgw: ReDoS in semver < 5.7.2, 6.0.0–6.3.0, 7.0.0–7.5.1.
  {
    name: 'semver',
    affected: (v) => below(v, '5.7.2') || inRange(v, '6.0.0', '6.3.1') || inRange(v, '7.0.0', '7.5.2'),
  },
  // GHSA-xvch-5gv4-984h: prototype pollution in minimist < 1.2.6.
  { name: 'minimist', affected: (v) => below(v, '1.2.6') },
  // GHSA-r683-j2x4-v87g: node-fetch < 2.6.7 forwards cookies to another host on redirect.
  { name: 'node-fetch', affected: (v) => below(v, '2.6.7') },
  // GHSA-9wv6-86v2-598j: ReDoS in path-to-regexp 0.1.x before 0.1.10.
  { name: 'path-to-regexp', affected: (v) => below(v, '0.1.10') },
];

function parts(version) {
  return version
    .split('-')[0]
    .split('.')
    .map((n) => Number(n));
}

function below(version, limit) {
  const a = parts(version);
  const b = parts(limit);
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}

function inRange(version, from, to) {
  return !below(version, from) && below(version, to);
}

function npm(args) {
  try {
    return {
      ok: true,
      out: execFileSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (error) {
    return { ok: false, out: String(error.stdout ?? ''), err: String(error.stderr ?? '') };
  }
}

/** The registry's verdict, or null when its advisory service does not answer. */
function onlineFindings() {
  const run = npm(['audit', '--omit=dev', '--json', '--audit=true']);
  let report;
  try {
    report = JSON.parse(run.out);
  } catch {
    return null;
  }
  if (report.error || !report.vulnerabilities) return null;
  return Object.entries(report.vulnerabilities)
    .filter(([name]) => !(name in ALLOWED))
    .map(([name, v]) => `${name} (${v.severity}): ${v.range}`);
}

function productionPackages() {
  const run = npm(['ls', '--omit=dev', '--all', '--json']);
  const tree = JSON.parse(run.out);
  const found = [];
  const walk = (node, path) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.version) found.push({ name, version: child.version, path: [...path, name].join(' > ') });
      walk(child, [...path, name]);
    }
  };
  walk(tree, []);
  return found;
}

const online = onlineFindings();
if (online !== null) {
  if (online.length > 0) {
    console.error(`npm audit --omit=dev found:\n  ${online.join('\n  ')}`);
    process.exit(1);
  }
  console.log('audit: npm audit --omit=dev found nothing outside the allow-list');
} else {
  const packages = productionPackages();
  const hits = packages.filter((p) =>
    KNOWN_ADVISORIES.some((a) => a.name === p.name && !(p.name in ALLOWED) && a.affected(p.version)),
  );
  if (hits.length > 0) {
    console.error(
      `audit: known advisories in the production tree:\n  ${hits.map((h) => `${h.path}@${h.version}`).join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(
    `audit: the advisory service did not answer; ${packages.length} production packages checked against ` +
      `${KNOWN_ADVISORIES.length} known advisories (scripts/audit-production.js): none affected`,
  );
}
