/**
 * A host that should never be asked anything: it records every request that reaches it (preflights
 * included) and answers each as a careless server would, 200 with CORS open to any origin and a
 * token-shaped body, so a request that does reach it is not stopped by anything but the app.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  authorization: string | null;
  body: string;
}

export interface RecordingServer {
  origin: string;
  requests: Recorded[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        body,
      });
      res
        .writeHead(200, {
          'Content-Type': 'application/json',
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        })
        .end(JSON.stringify({ access_token: 'from-elsewhere', token_type: 'Bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
