/**
 * The 413 of a body over its limit, on a real server (a port, Node's HTTP server under @hono/node-server, as
 * server/main.ts runs it): the client may still be sending when the answer comes, so the answer says
 * `Connection: close`, and the client's next request (on a new connection) succeeds. app.request() has no connection,
 * so it cannot show this.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { MAX_UPLOAD_BYTES } from '@/schemas/documents';
import { UPLOAD_ENVELOPE_BYTES } from '@/server/http/document-routes';
import { createSeededApp, SETUP_TIMEOUT_MS, signIn, type SeededApp, XHR } from '@/server/testing/seeded-app';

const LIMIT = 1000;
/** Far more than the socket buffers hold: the server answers while the client is still sending. */
const OVER = 4 * 1024 * 1024;
const TOO_LARGE = { message: 'The request body is too large.' };

let t: SeededApp;
let server: ServerType;
let port: number;
let bearer: string;
beforeAll(async () => {
  t = await createSeededApp();
  bearer = `Bearer ${(await signIn(t.app, 'partner@example.com')).token}`;
  const app = createApp({ db: t.db, config: { ...t.config, maxBodyBytes: LIMIT }, logError: (e) => t.errors.push(e) });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  /** Which connection carried it (the agent's sockets, numbered as they open). */
  readonly connection: number;
}

/** A keep-alive client with one connection at a time, as a browser's or a proxy's pool reuses one. */
const client = () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const opened = new WeakMap<net.Socket, number>();
  let sockets = 0;
  const send = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            ...XHR,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: text,
              connection: opened.get(request.socket!) ?? -1,
            }),
          );
        },
      );
      request.on('socket', (socket) => {
        if (!opened.has(socket)) opened.set(socket, (sockets += 1));
      });
      request.on('error', reject);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
};

describe('a body over the limit, on a keep-alive connection', () => {
  it('is a 413 with Connection: close, and the next 20 requests all succeed on a new connection', async () => {
    const { send, close } = client();
    try {
      const first = await send('/login', '{"email":"a@b.c","password":"x"}');
      expect(first.status).toBe(401);
      const refused = await send('/login', Buffer.alloc(OVER, 0x78));
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual(TOO_LARGE);
      expect(refused.connection).toBe(first.connection);

      const next: Answer[] = [];
      const failures: string[] = [];
      for (let i = 0; i < 20; i += 1)
        await send('/login', '{"email":"a@b.c","password":"x"}').then(
          (answer) => next.push(answer),
          (error: Error) => failures.push(error.message),
        );
      expect(failures).toEqual([]);
      expect(next.map((a) => a.status)).toEqual(Array(20).fill(401));
      expect(refused.headers.connection).toBe('close');
      // The refused connection is not reused; its successor carries on as keep-alive.
      expect(new Set(next.map((a) => a.connection))).toEqual(new Set([first.connection + 1]));
      expect(next.every((a) => a.headers.connection === 'keep-alive')).toBe(true);
      expect(t.errors.splice(0)).toEqual([]);
    } finally {
      close();
    }
  });

  it('says Connection: close from Content-Length alone, and the server closes the connection after the answer', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Headers only: the body never comes, and the answer does not wait for it.
    socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: XMLHttpRequest\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${OVER}\r\n\r\n`,
    );
    await ended;
    const [head = '', body] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i);
    expect(JSON.parse(body ?? '')).toEqual(TOO_LARGE);
  });

  it('says Connection: close for a chunked body that passes the limit while streaming', async () => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const chunk = 'x'.repeat(64 * 1024);
    socket.write(
      `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: XMLHttpRequest\r\n` +
        `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    for (let i = 0; i < 16 && !socket.destroyed; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    await ended;
    const [head = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i);
  });

  it('closes the same way for a document upload over its own limit', async () => {
    const { send, close } = client();
    try {
      const refused = await send('/v1/documents', Buffer.alloc(MAX_UPLOAD_BYTES + UPLOAD_ENVELOPE_BYTES + 1, 0x78), {
        authorization: bearer,
        'content-type': 'multipart/form-data; boundary=x',
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      const next = await send('/login', '{"email":"a@b.c","password":"x"}');
      expect(next.status).toBe(401);
      expect(next.connection).toBe(refused.connection + 1);
    } finally {
      close();
    }
  });
});
