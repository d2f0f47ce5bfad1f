import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/**
 * A client of the OpenAI chat-completions shape over fetch, which Ollama, llama.cpp's server,
 * vLLM and hosted APIs all speak. It streams: text is handed on as it arrives, and a tool call's
 * name and arguments are put together from the pieces each chunk carries (by the call's index).
 * Chunks are parsed with zod leniently: fields we do not use are ignored, a chunk we cannot read
 * is skipped, and a server that answers with one JSON completion instead of a stream also works.
 */

export interface ModelEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** As the model wrote them: not always valid JSON. */
  arguments: string;
}

export type ModelMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ModelToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface ModelTurn {
  text: string;
  toolCalls: ModelToolCall[];
  /** Prompt plus completion tokens, as the server counted them, or estimated from the text. */
  tokens: number;
}

export interface ChatRequest {
  messages: ModelMessage[];
  tools: ModelToolSpec[];
  /** Called with each piece of answer text as it streams in. */
  onText?: (delta: string) => void;
  signal?: AbortSignal;
  /** Asks the model to call a tool (Test connection). */
  requireTool?: boolean;
}

const MODEL_TIMEOUT_MS = 120_000;

const toolCallDelta = z.object({
  index: z.number().int().min(0).max(63).optional(),
  id: z.string().max(200).nullish(),
  function: z
    .object({ name: z.string().max(200).nullish(), arguments: z.string().nullish() })
    .nullish(),
});

const usageSchema = z
  .object({ total_tokens: z.number().int().min(0).nullish() })
  .nullish()
  .catch(null);

const streamChunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            tool_calls: z.array(toolCallDelta).nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
  usage: usageSchema,
});

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(toolCallDelta).nullish(),
        }),
      }),
    )
    .min(1),
  usage: usageSchema,
});

/** Sends one turn of the conversation and reads the answer as it streams. */
export async function chatCompletion(
  endpoint: ModelEndpoint,
  request: ChatRequest,
): Promise<ModelTurn> {
  const response = await post(endpoint, request);
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream')) return readCompletion(response, request);
  return readStream(response, request);
}

async function post(endpoint: ModelEndpoint, request: ChatRequest): Promise<Response> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const signal = request.signal
    ? AbortSignal.any([request.signal, AbortSignal.timeout(MODEL_TIMEOUT_MS)])
    : AbortSignal.timeout(MODEL_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      signal,
      body: JSON.stringify({
        model: endpoint.model,
        messages: request.messages,
        ...(request.tools.length > 0
          ? {
              tools: request.tools.map((tool) => ({ type: 'function', function: tool })),
              tool_choice: request.requireTool ? 'required' : 'auto',
            }
          : {}),
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
  } catch (error) {
    throw modelUnreachable(url, error);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new AppError(
      'BAD_GATEWAY',
      `The model answered ${response.status}${detail ? `: ${detail}` : ''}. Check the base URL, the model name and the API key in Settings > Integrations.`,
    );
  }
  return response;
}

function modelUnreachable(url: string, error: unknown): AppError {
  const reason =
    error instanceof Error && error.name === 'TimeoutError'
      ? 'it did not answer in time'
      : error instanceof Error && error.cause instanceof Error
        ? error.cause.message
        : error instanceof Error
          ? error.message
          : String(error);
  return new AppError('BAD_GATEWAY', `Could not reach the model at ${url}: ${reason}.`);
}

async function readCompletion(response: Response, request: ChatRequest): Promise<ModelTurn> {
  const parsed = completionSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success)
    throw new AppError(
      'BAD_GATEWAY',
      'The model answered with something that is not a chat completion.',
    );
  const message = parsed.data.choices[0]!.message;
  const text = message.content ?? '';
  if (text) request.onText?.(text);
  const calls = new ToolCallAssembler();
  for (const [position, delta] of (message.tool_calls ?? []).entries()) calls.add(delta, position);
  return finish(text, calls.done(), parsed.data.usage?.total_tokens, request);
}

async function readStream(response: Response, request: ChatRequest): Promise<ModelTurn> {
  let text = '';
  let totalTokens: number | null | undefined;
  const calls = new ToolCallAssembler();
  for await (const data of serverSentData(response)) {
    if (data === '[DONE]') break;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      continue;
    }
    const chunk = streamChunkSchema.safeParse(json);
    if (!chunk.success) continue;
    totalTokens = chunk.data.usage?.total_tokens ?? totalTokens;
    for (const choice of chunk.data.choices ?? []) {
      const content = choice.delta?.content;
      if (content) {
        text += content;
        request.onText?.(content);
      }
      for (const [position, delta] of (choice.delta?.tool_calls ?? []).entries())
        calls.add(delta, position);
    }
  }
  return finish(text, calls.done(), totalTokens, request);
}

function finish(
  text: string,
  toolCalls: ModelToolCall[],
  totalTokens: number | null | undefined,
  request: ChatRequest,
): ModelTurn {
  return {
    text,
    toolCalls,
    tokens: totalTokens ?? estimateTokens(request.messages, text, toolCalls),
  };
}

/** About four characters a token: for servers that do not report usage. */
function estimateTokens(messages: ModelMessage[], text: string, calls: ModelToolCall[]): number {
  const sent = messages.reduce((sum, m) => sum + (m.content?.length ?? 0), 0);
  const received = text.length + calls.reduce((sum, c) => sum + c.arguments.length, 0);
  return Math.ceil((sent + received) / 4);
}

/**
 * Puts tool calls together from stream pieces: the first piece of a call brings its id and name,
 * the following ones more of its arguments. Pieces without an index belong to the call at their
 * position in the chunk (some servers leave the index out).
 */
class ToolCallAssembler {
  private readonly calls = new Map<number, ModelToolCall>();

  add(delta: z.output<typeof toolCallDelta>, position: number): void {
    const index = delta.index ?? position;
    const call = this.calls.get(index) ?? { id: '', name: '', arguments: '' };
    if (delta.id) call.id = delta.id;
    // A name comes whole in the first piece; a server repeating it in later pieces adds nothing.
    if (delta.function?.name && call.name === '') call.name = delta.function.name;
    if (delta.function?.arguments) call.arguments += delta.function.arguments;
    this.calls.set(index, call);
  }

  done(): ModelToolCall[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }))
      .filter((call) => call.name !== '');
  }
}

/** The `data:` payloads of a text/event-stream body, one per event. */
async function* serverSentData(response: Response): AsyncGenerator<string> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, '');
      buffer = buffer.slice(newline + 1);
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(5).replace(/^ /, ''));
      }
    }
  }
  if (data.length > 0) yield data.join('\n');
}
