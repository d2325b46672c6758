import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
let child: ChildProcess | undefined;

afterAll(() => {
  // npm → sh → tsx → node: end the whole group this test started.
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

function waitForUrl(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

describe('npm run simulators', () => {
  it('starts standalone on SIM_PORT and answers get-money for an account made via the control API', async () => {
    child = spawn('npm', ['run', '--silent', 'simulators'], {
      cwd: repoRoot,
      env: { ...process.env, SIM_PORT: '0' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const base = await waitForUrl(child);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const created = await fetch(`${base}/tm/_control/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'USD', money: 25.5, inventory: 2 }),
    });
    const account = (await created.json()) as { key: string; steamid: string };
    expect(account.key).toMatch(/^[0-9a-f]{32}$/);
    expect(account.steamid).toMatch(/^7656119\d{10}$/);
    const money = await fetch(`${base}/tm/api/v2/get-money?key=${account.key}`);
    expect(await money.json()).toEqual({ money: 25.5, money_settlement: 0, currency: 'USD', success: true });
  });
});
