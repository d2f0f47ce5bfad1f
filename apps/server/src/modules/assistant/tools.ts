import type { Role, ToolCallStatus } from '@crewdesk/domain';
import { z } from 'zod';
import type { ProposalAction } from '../../db/schema/index.ts';

/**
 * The assistant's tools are the app's own API: each one reads through GET requests made with the
 * signed-in person's own credentials (their session, or their access token over MCP), so the
 * role checks, the account scoping and the validation are the API's, never the prompt's. A draft
 * tool reads the same way and returns a proposal of the API calls Confirm will make.
 */

/** One answer of the app's own API. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

export interface ToolContext {
  /** A GET of the app's own API with the person's credentials. */
  get: (path: string, query?: Record<string, string | number | undefined>) => Promise<ApiAnswer>;
  role: Role;
  timeZone: string;
  /** The business's date today, YYYY-MM-DD. */
  today: string;
  /** An amount in the business's currency ('€1,234.50'). */
  money: (minor: number) => string;
}

export interface DraftProposal {
  title: string;
  lines: { label: string; value: string }[];
  actions: ProposalAction[];
}

export type ToolOutcome =
  | { status: 'ok'; summary: string; data: unknown; proposal?: DraftProposal }
  | { status: Exclude<ToolCallStatus, 'ok'>; summary: string };

export interface AssistantTool<Input = unknown> {
  name: string;
  /** What the chat shows while and after it runs. */
  label: string;
  description: string;
  kind: 'read' | 'draft';
  input: z.ZodType<Input>;
  run: (context: ToolContext, input: Input) => Promise<ToolOutcome>;
}

/** Declares a tool with its input's type inferred from its schema. */
export function defineTool<Schema extends z.ZodType>(
  tool: Omit<AssistantTool<z.output<Schema>>, 'input'> & { input: Schema },
): AssistantTool {
  return tool as unknown as AssistantTool;
}

/** A non-2xx answer ends the tool's run with what the API said, in the tool's terms. */
export class ToolStop extends Error {
  constructor(
    readonly status: Exclude<ToolCallStatus, 'ok'>,
    message: string,
  ) {
    super(message);
  }
}

/** The body of a 2xx answer; a refusal, a bad input or a missing record stops the tool. */
export async function read<T = unknown>(
  context: ToolContext,
  path: string,
  query?: Record<string, string | number | undefined>,
): Promise<T> {
  const answer = await context.get(path, query);
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const message = messageOf(answer.body);
  if (answer.status === 403)
    throw new ToolStop('refused', `Refused by the permission check for your role: ${message}`);
  if (answer.status === 404) throw new ToolStop('error', message || 'Not found.');
  if (answer.status === 400 || answer.status === 422) throw new ToolStop('invalid', message);
  throw new ToolStop('error', message || `The API answered ${answer.status}.`);
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  return '';
}

/** Runs one tool on raw arguments from a model: parsed as JSON, then checked by its schema. */
export async function runTool(
  tool: AssistantTool,
  rawArguments: string,
  context: ToolContext,
): Promise<{ arguments: unknown; outcome: ToolOutcome }> {
  let parsedJson: unknown;
  try {
    parsedJson = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return {
      arguments: rawArguments.slice(0, 2000),
      outcome: { status: 'invalid', summary: 'The arguments were not valid JSON.' },
    };
  }
  const input = tool.input.safeParse(parsedJson);
  if (!input.success) {
    const problems = input.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`)
      .join('; ');
    return { arguments: parsedJson, outcome: { status: 'invalid', summary: problems } };
  }
  try {
    return { arguments: input.data, outcome: await tool.run(context, input.data) };
  } catch (error) {
    if (error instanceof ToolStop)
      return { arguments: input.data, outcome: { status: error.status, summary: error.message } };
    throw error;
  }
}

/** The JSON Schema the model is shown for a tool's input. */
export function parametersOf(tool: AssistantTool): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.input, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return schema;
}

const MAX_LIST = 25;
const DROPPED_KEYS = new Set([
  'latitude',
  'longitude',
  'version',
  'link',
  'invoicesLink',
  'paymentsLink',
  'definitions',
  'shareToken',
]);

/**
 * What a tool hands the model: long lists cut to their first 25 (with a note), map and paging
 * fields left out, so a big business does not flood the model's context.
 */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_LIST).map(compact);
    return value.length > MAX_LIST ? [...items, `… and ${value.length - MAX_LIST} more`] : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, v]) => !DROPPED_KEYS.has(key) && v !== null && v !== undefined)
        .map(([key, v]) => [key, compact(v)]),
    );
  }
  return value;
}
