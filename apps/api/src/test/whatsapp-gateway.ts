import http from 'node:http';

/** A request the gateway accepted or refused, as it arrived. */
export interface GatewayRequest {
  kind: 'evolution' | 'waha';
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** The status it was answered with. */
  status: number;
}

interface GatewayOptions {
  /** The key both contracts expect (Evolution's `apikey`, WAHA's `X-Api-Key`). */
  apiKey: string;
  /** Evolution's instance name, WAHA's session. */
  instance?: string;
  /** A fixed port (the E2E run's); any free one by default. */
  port?: number;
  /** Told of each request as it is answered (the E2E run writes them to a file). */
  onRequest?: (request: GatewayRequest) => void;
}

/** Not part of either contract: how a test process other than this one asks for failures (`{ count }`). */
export const FAIL_NEXT_PATH = '/__test/fail-next';

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** The request's JSON body, or null when it is none (the contracts then answer 400). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A real WhatsApp gateway on loopback (port 0) that speaks both documented contracts:
 * Evolution API v2 (`POST /message/sendText/{instance}`, header `apikey`, body `{ number, text }`
 * with digits only) and WAHA (`POST /api/sendText`, header `X-Api-Key`, body `{ session,
 * chatId: '<digits>@c.us', text }`). A wrong key is a 401, a wrong shape a 400, an unknown path a
 * 404, as the real ones answer. `failNext(n)` answers the next n sends with a 500 and a JSON error.
 */
export async function whatsappGateway(options: GatewayOptions) {
  const instance = options.instance ?? 'default';
  const requests: GatewayRequest[] = [];
  let failures = 0;
  let sequence = 0;

  function answer(kind: GatewayRequest['kind'], keyHeader: string, request: http.IncomingMessage, body: unknown, response: http.ServerResponse) {
    const record = (status: number) => {
      const entry = { kind, path: request.url ?? '', headers: request.headers, body, status };
      requests.push(entry);
      options.onRequest?.(entry);
    };
    if (request.headers[keyHeader] !== options.apiKey) {
      record(401);
      return json(response, 401, { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } });
    }
    const valid =
      kind === 'evolution'
        ? isObject(body) && typeof body.number === 'string' && /^\d{8,15}$/.test(body.number) && typeof body.text === 'string' && body.text !== ''
        : isObject(body) && body.session === instance && typeof body.chatId === 'string' && /^\d{8,15}@c\.us$/.test(body.chatId) && typeof body.text === 'string' && body.text !== '';
    if (!valid) {
      record(400);
      return json(response, 400, { status: 400, error: 'Bad Request', response: { message: ['invalid body'] } });
    }
    if (failures > 0) {
      failures -= 1;
      record(500);
      return json(response, 500, { status: 500, error: 'Internal Server Error', response: { message: 'Connection Closed' } });
    }
    record(201);
    const id = `MSG${++sequence}`;
    if (kind === 'evolution') {
      const number = (body as { number: string }).number;
      return json(response, 201, { key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id }, status: 'PENDING' });
    }
    return json(response, 201, { id: { fromMe: true, remote: (body as { chatId: string }).chatId, id, _serialized: `true_${(body as { chatId: string }).chatId}_${id}` } });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = parseJson(Buffer.concat(chunks).toString('utf8'));
      if (request.method === 'POST' && request.url === `/message/sendText/${encodeURIComponent(instance)}`) return answer('evolution', 'apikey', request, body, response);
      if (request.method === 'POST' && request.url === '/api/sendText') return answer('waha', 'x-api-key', request, body, response);
      if (request.method === 'POST' && request.url === FAIL_NEXT_PATH && isObject(body) && typeof body.count === 'number') {
        failures = body.count;
        response.writeHead(204).end();
        return;
      }
      json(response, 404, { status: 404, error: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next `count` well-formed sends are answered 500 with a JSON error. */
    failNext(count: number) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A listener on loopback that counts the connections it gets (issue 28): where a refused gateway
 * address points, so a test can prove the server never connected. It answers anything with `answer`.
 */
export async function countingListener(answer: (response: http.ServerResponse) => void = (response) => json(response, 500, { internal: 'SECRET' })) {
  let connections = 0;
  const server = http.createServer((_request, response) => answer(response));
  server.on('connection', () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
