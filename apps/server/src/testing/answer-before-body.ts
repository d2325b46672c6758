import { connect } from 'node:net';

/**
 * Sends a POST's head announcing a `declared`-byte body and only its first KB; resolves with the answer's
 * status line, or a sentence saying none came within 5 s (the server was waiting for the rest of the body).
 */
export function answerBeforeBody(url: string, path: string, declared: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${declared}\r\n\r\n[${'1,'.repeat(500)}`,
      );
    });
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      if (head.includes('\r\n')) {
        socket.destroy();
        resolve(head.slice(0, head.indexOf('\r\n')));
      }
    });
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve('no answer while the body was still coming');
    }, 5_000).unref();
  });
}
