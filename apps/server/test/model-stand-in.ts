import Fastify from 'fastify';

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions server (Ollama, vLLM, a hosted
 * API): it answers each request with the turn a script gives for it, streamed the way such
 * servers stream (text a word at a time, a tool call's arguments split over several chunks), or
 * as one JSON completion. It keeps every request it received so tests can read what was sent.
 */

export interface StandInToolCall {
  name: string;
  /** Sent as they are: a test may send arguments that are not valid JSON. */
  arguments: string;
}

export interface StandInTurn {
  text?: string;
  toolCalls?: StandInToolCall[];
  /** Answer with one JSON completion instead of a stream. */
  json?: boolean;
  /** Answer with this HTTP status and body instead. */
  failWith?: { status: number; body: string };
}

export interface StandInRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
  authorization: string | undefined;
}

export type StandInScript = (request: StandInRequest) => StandInTurn;

export interface ModelStandIn {
  /** The base URL to configure: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  requests: StandInRequest[];
  close: () => Promise<void>;
}

export async function startModelStandIn(script: StandInScript, port = 0): Promise<ModelStandIn> {
  const requests: StandInRequest[] = [];
  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as Omit<StandInRequest, 'authorization'>;
    const received = { ...body, authorization: request.headers.authorization };
    requests.push(received);
    const turn = script(received);
    if (turn.failWith) return reply.status(turn.failWith.status).send(turn.failWith.body);
    if (turn.json) return reply.send(completion(turn));
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const chunk of streamChunks(turn)) reply.raw.write(`data: ${JSON.stringify(chunk)}\n\n`);
    reply.raw.end('data: [DONE]\n\n');
  });
  const address = await app.listen({ host: '127.0.0.1', port });
  return { baseUrl: `${address}/v1`, requests, close: () => app.close() };
}

function completion(turn: StandInTurn) {
  return {
    choices: [
      {
        message: {
          role: 'assistant',
          content: turn.text ?? null,
          tool_calls: (turn.toolCalls ?? []).map((call, index) => ({
            id: `call_${index}`,
            type: 'function',
            function: call,
          })),
        },
      },
    ],
    usage: { total_tokens: 42 },
  };
}

/** Text a word at a time; each tool call's arguments in three pieces after its name. */
function* streamChunks(turn: StandInTurn) {
  const delta = (d: object) => ({ choices: [{ index: 0, delta: d }] });
  for (const word of (turn.text ?? '').match(/\S+\s*/g) ?? []) yield delta({ content: word });
  for (const [index, call] of (turn.toolCalls ?? []).entries()) {
    yield delta({
      tool_calls: [
        {
          index,
          id: `call_${index}`,
          type: 'function',
          function: { name: call.name, arguments: '' },
        },
      ],
    });
    const third = Math.ceil(call.arguments.length / 3) || 1;
    for (let at = 0; at < call.arguments.length; at += third)
      yield delta({
        tool_calls: [{ index, function: { arguments: call.arguments.slice(at, at + third) } }],
      });
  }
  yield { choices: [], usage: { total_tokens: 100 } };
}

/** The content of the last message sent, and whether it is a tool's result. */
export function lastMessage(request: StandInRequest) {
  const last = request.messages.at(-1)!;
  return { role: last.role, content: last.content ?? '' };
}

/**
 * A scripted model good enough for the end-to-end walk: it calls the tool a question asks for,
 * then answers in prose built from the tool's result (so the figures are the app's own).
 */
export const scriptedAssistant: StandInScript = (request) => {
  const last = lastMessage(request);
  if (request.tools?.some((t) => t.function.name === 'ping') && last.role === 'user')
    return { toolCalls: [{ name: 'ping', arguments: '{"ok":true}' }] };
  if (last.role === 'tool') return answerFromTool(last.content);
  const question = last.content.toLowerCase();
  if (/owe/.test(question)) return { toolCalls: [{ name: 'receivables', arguments: '{}' }] };
  if (/revenue/.test(question)) return { toolCalls: [{ name: 'revenue', arguments: '{}' }] };
  const quote =
    /quote a (\d+)-bedroom, (\d+)-bath (one-time|weekly|bi-weekly|monthly) clean for (.+?)\.?$/.exec(
      last.content,
    );
  if (quote)
    return {
      toolCalls: [
        {
          name: 'draft_quote',
          arguments: JSON.stringify({
            contactName: quote[4],
            rooms: Number(quote[1]),
            bathrooms: Number(quote[2]),
            frequency: quote[3],
          }),
        },
      ],
    };
  return {
    text: 'I can look up who owes what, the schedule, requests and revenue, and draft quotes.',
  };
};

function answerFromTool(content: string): StandInTurn {
  const result = JSON.parse(content) as {
    status: string;
    error?: string;
    summary?: string;
    data?: { totalOwed?: string; clients?: { client: string; owes: string }[] };
  };
  if (result.status === 'refused') return { text: `I can't: ${result.error}` };
  if (result.status !== 'ok' && result.status !== 'proposed')
    return { text: `That did not work: ${result.error}` };
  if (result.status === 'proposed')
    return { text: `${result.summary}. Check the card and press Confirm.` };
  if (result.data?.totalOwed) {
    const top = (result.data.clients ?? []).slice(0, 3).map((c) => `${c.client} owes ${c.owes}`);
    return { text: `Clients owe ${result.data.totalOwed} in all. ${top.join('; ')}.` };
  }
  return { text: result.summary ?? 'Done.' };
}
