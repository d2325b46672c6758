import { Agent, request } from 'node:http';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { registerGracefulClose } from './graceful-close.ts';

function get(url: string, agent: Agent): Promise<{ status: number; connection: unknown }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    })
      .on('error', reject)
      .end();
  });
}

/** 'closed' when the close ended first; 'still open' after `ms` (the keep-alive timeout is 72 s). */
const closedWithin = (closing: Promise<void>, ms: number) =>
  Promise.race([
    closing.then(() => 'closed'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms).unref()),
  ]);

describe('registerGracefulClose', () => {
  it('a request in flight at the close is answered with Connection: close and the close ends', async () => {
    const app = Fastify();
    registerGracefulClose(app);
    let release: () => void = () => undefined;
    const entered = new Promise<void>((resolve) => {
      app.get('/slow', async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        return 'done';
      });
    });
    app.get('/fast', async () => 'ok');
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    // An idle keep-alive socket, and one busy when the close begins.
    expect(await get(`${origin}/fast`, agent)).toEqual({ status: 200, connection: 'keep-alive' });
    const slow = get(`${origin}/slow`, agent);
    await entered;
    const closing = app.close();
    // The close's hooks run on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await slow).toEqual({ status: 200, connection: 'close' });
    // Without the hook the busy socket stayed open after its answer until the client hung up.
    expect(await closedWithin(closing, 5_000)).toBe('closed');
    agent.destroy();
  });

  it('cuts what is still open at the deadline', async () => {
    const app = Fastify();
    registerGracefulClose(app, { deadlineMs: 200 });
    app.get('/never', () => new Promise(() => undefined));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new Agent({ keepAlive: true });
    const never = get(`${origin}/never`, agent).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await closedWithin(app.close(), 5_000)).toBe('closed');
    expect(await never).toBe('socket hang up');
    agent.destroy();
  });
});
