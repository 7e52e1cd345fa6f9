import {
  assistantEndpoints,
  assistantStreamEventSchema,
  endpointUrl,
  type AssistantAsk,
  type AssistantAskResponse,
} from '@ecc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const ASSISTANT_QUERY_KEY = ['assistant'] as const;

export const conversationsQuery = queryOptions({
  queryKey: [...ASSISTANT_QUERY_KEY, 'conversations'] as const,
  queryFn: async ({ signal }) => callEndpoint(assistantEndpoints.conversations, { signal }),
});

export function conversationQuery(id: string) {
  return queryOptions({
    queryKey: [...ASSISTANT_QUERY_KEY, 'conversation', id] as const,
    queryFn: async ({ signal }) => callEndpoint(assistantEndpoints.conversation, { params: { id }, signal }),
  });
}

export async function deleteConversation(id: string): Promise<void> {
  await callEndpoint(assistantEndpoints.removeConversation, { params: { id } });
}

/**
 * Asks through the streamed endpoint: `onText` gets the answer's pieces as they arrive, the promise the whole
 * answer. A refusal (400 naming `body/question`, 403, 404) rejects with the server's error, as `callEndpoint` does.
 */
export async function askStreamed(
  request: AssistantAsk,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<AssistantAskResponse> {
  const response = await fetch(endpointUrl(assistantEndpoints.askStream), {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/x-ndjson', 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal: signal ?? null,
  });
  if (!response.ok || response.body === null) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiResponseError(response.status, response.statusText, body);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value !== undefined) buffered += value;
    const lines = buffered.split('\n');
    buffered = done ? '' : (lines.pop() ?? '');
    for (const line of lines) {
      if (line.trim() === '') continue;
      const event = assistantStreamEventSchema.parse(JSON.parse(line));
      if (event.type === 'text') onText(event.text);
      else if (event.type === 'error') throw new Error(event.message);
      else {
        const { type: _type, ...answer } = event;
        return answer;
      }
    }
    if (done) throw new Error('The answer ended before it was complete');
  }
}
