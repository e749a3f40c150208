import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request to a stand-in, its body already read. */
export interface StandInRequest {
  method: string;
  /** The path with its query, as sent. */
  path: string;
  url: URL;
  body: string;
  /** The raw request, to hang up on it. */
  raw: IncomingMessage;
}

export interface StandInServer {
  server: Server;
  /** http://127.0.0.1:<port>, without a trailing slash. */
  origin: string;
  /** Ends the server and every connection still waiting for an answer (a "slow" stand-in never answers). */
  close(): Promise<void>;
}

/**
 * The HTTP shell every stand-in for an outside service shares: a server on a free port of 127.0.0.1 that reads each
 * request's body and hands it to `answer`, which routes by path and speaks the service's documented format. An
 * answer never sent is a service too slow for the caller's deadline.
 */
export async function startStandInServer(
  answer: (request: StandInRequest, res: ServerResponse) => void,
): Promise<StandInServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      answer({ method: req.method ?? '', path, url: new URL(path, 'http://stand-in'), body, raw: req }, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Sends `body` with `status` as `type`. */
export function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type }).end(body);
}

/** Sends `value` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, value: unknown) {
  send(res, status, 'application/json', JSON.stringify(value));
}
