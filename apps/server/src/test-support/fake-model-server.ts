import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A fake of an external service: an OpenAI-compatible chat-completions server on loopback, for the assistant's
 * model mode (issue 14, item 5). No real model server is reachable here, and a real model would not be
 * deterministic; this one answers recorded turns — tool calls, text, garbage, or nothing at all — and keeps every
 * request it received so a test can check what the model was shown.
 */

/** A message as the chat-completions API receives it. */
export interface FakeChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface FakeChatRequest {
  model: string;
  messages: FakeChatMessage[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[];
  /** The Authorization header it came with. */
  authorization: string | undefined;
}

/** One recorded turn of the model. */
export type FakeTurn =
  | { kind: 'tool-calls'; calls: { name: string; input: unknown }[] }
  | { kind: 'text'; text: string }
  /** An answer that is not a chat completion: a status and a body as is. */
  | { kind: 'raw'; status: number; body: string }
  /** No answer at all until the server closes: a model server that is too slow. */
  | { kind: 'silence' };

/** A turn, or a turn written from what the model was sent (a reply quoting a tool result, for instance). */
export type FakeTurnScript = FakeTurn | ((request: FakeChatRequest) => FakeTurn);

export interface FakeModelServer {
  /** The API root to set as LLM_BASE_URL. */
  baseUrl: string;
  /** Every chat-completions request received, in order. */
  requests: FakeChatRequest[];
  /** The turns the next requests get, in order; a request beyond them gets a 500. */
  script(turns: readonly FakeTurnScript[]): void;
  close(): Promise<void>;
}

export const FAKE_MODEL = 'fake-model';

/** The text of a message, whichever of the API's two forms it has. */
export function messageText(message: FakeChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (message.content === null) return '';
  return message.content.map((part) => part.text ?? '').join('');
}

function completion(turn: Extract<FakeTurn, { kind: 'tool-calls' | 'text' }>, index: number): string {
  const message =
    turn.kind === 'text'
      ? { role: 'assistant', content: turn.text }
      : {
          role: 'assistant',
          content: null,
          tool_calls: turn.calls.map((call, callIndex) => ({
            id: `call_${index}_${callIndex}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.input) },
          })),
        };
  return JSON.stringify({
    id: `chatcmpl-fake-${index}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: FAKE_MODEL,
    choices: [{ index: 0, message, finish_reason: turn.kind === 'text' ? 'stop' : 'tool_calls' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: FakeChatRequest[] = [];
  let turns: FakeTurnScript[] = [];
  const silent: ServerResponse[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      const parsed = JSON.parse(body) as Omit<FakeChatRequest, 'authorization'>;
      const chat: FakeChatRequest = { ...parsed, authorization: request.headers.authorization };
      requests.push(chat);
      const script = turns.shift();
      const turn = typeof script === 'function' ? script(chat) : script;
      if (turn === undefined) {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"no turn recorded"}');
      } else if (turn.kind === 'silence') {
        silent.push(response);
      } else if (turn.kind === 'raw') {
        response.writeHead(turn.status, { 'content-type': 'application/json' }).end(turn.body);
      } else {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(completion(turn, requests.length));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      turns = [...next];
      requests.length = 0;
    },
    async close() {
      for (const response of silent) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The base URL of a model server that is down: a loopback port that was just freed. */
export async function unreachableModelBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}
