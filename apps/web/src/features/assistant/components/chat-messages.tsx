import type { AssistantMessage, Proposal, ToolCallView } from '@crewdesk/domain';
import { cn } from '@/lib/cn';
import { ProposalCard } from './proposal-card';
import { ToolCallLine } from './tool-call-line';
import type { Turn } from './use-chat';

function Bubble({
  from,
  text,
  toolCalls = [],
  proposals = [],
  conversationId,
  pending = false,
  live = false,
}: {
  from: 'user' | 'assistant';
  text: string;
  toolCalls?: readonly ToolCallView[];
  proposals?: readonly Proposal[];
  conversationId: string | null;
  pending?: boolean;
  /** The answer being streamed: read out as it arrives. */
  live?: boolean;
}) {
  const mine = from === 'user';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn('min-w-0 space-y-2', mine ? 'max-w-[85%]' : 'w-full max-w-[40rem]')}
        aria-live={live ? 'polite' : undefined}
      >
        <p className="sr-only">{mine ? 'You:' : 'Assistant:'}</p>
        {toolCalls.length > 0 ? (
          <ul className="space-y-1" aria-label="What the assistant looked up">
            {toolCalls.map((call, index) => (
              <ToolCallLine key={`${call.tool}-${index}`} call={call} />
            ))}
          </ul>
        ) : null}
        {text || pending ? (
          <div
            className={cn(
              'whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm',
              mine ? 'bg-primary text-primary-foreground' : 'border bg-muted/40',
            )}
          >
            {text || <span className="text-muted-foreground">Thinking...</span>}
          </div>
        ) : null}
        {proposals.map((proposal) => (
          <ProposalCard key={proposal.id} proposal={proposal} conversationId={conversationId} />
        ))}
      </div>
    </li>
  );
}

/** The stored messages, then the turn being answered (its answer read out as it arrives). */
export function ChatMessages({
  messages,
  turn,
  streaming,
  conversationId,
}: {
  messages: readonly AssistantMessage[];
  turn: Turn | null;
  streaming: boolean;
  conversationId: string | null;
}) {
  return (
    <ol className="space-y-4" aria-label="Conversation">
      {messages.map((message) => (
        <Bubble
          key={message.id}
          from={message.role}
          text={message.text}
          toolCalls={message.toolCalls}
          proposals={message.proposals}
          conversationId={conversationId}
        />
      ))}
      {turn ? (
        <>
          <Bubble from="user" text={turn.question} conversationId={conversationId} />
          <Bubble
            from="assistant"
            text={turn.text}
            toolCalls={turn.toolCalls}
            proposals={turn.proposals}
            conversationId={conversationId}
            pending={streaming}
            live
          />
        </>
      ) : null}
    </ol>
  );
}
