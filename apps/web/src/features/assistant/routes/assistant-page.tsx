import { MessagesSquare, PlugZap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { AccessTokensCard } from '@/entities/assistant/ui/access-tokens-card';
import { cn } from '@/lib/cn';
import { useAssistantStatus, useConversation } from '../api/assistant-api';
import { ChatMessages } from '../components/chat-messages';
import { Composer } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import { NoModel } from '../components/no-model';
import { useChat } from '../components/use-chat';

/** `/ai-assistant` (issue 24): a chat on the business's model, and this person's conversations. */
export function AssistantPage() {
  const status = useAssistantStatus();
  const [connectOpen, setConnectOpen] = useState(false);

  return (
    <>
      <PageHeader
        title="AI Assistant"
        description="Ask about your work and your business. It answers from what you may see, and drafts only what you confirm."
        actions={
          <Button variant="outline" onClick={() => setConnectOpen(true)}>
            <PlugZap aria-hidden="true" />
            Connect your own assistant
          </Button>
        }
      />
      {status.isPending ? (
        <PageLoading />
      ) : status.isError ? (
        <LoadErrorAlert
          title="Could not load the assistant"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : status.data.configured ? (
        <Chat suggestions={status.data.suggestions} />
      ) : (
        <NoModel canConfigure={status.data.canConfigure} />
      )}
      <Dialog open={connectOpen} onOpenChange={setConnectOpen}>
        <DialogContent title="Connect your own assistant" className="max-w-2xl">
          <AccessTokensCard />
        </DialogContent>
      </Dialog>
    </>
  );
}

function Chat({ suggestions }: { suggestions: readonly string[] }) {
  const [params, setParams] = useSearchParams();
  const currentId = params.get('conversation');
  const [listOpen, setListOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const conversation = useConversation(currentId);
  const chat = useChat();
  const { reset } = chat;
  const end = useRef<HTMLDivElement>(null);

  // Another conversation (or a new one) drops what the last one was streaming.
  const open = (id: string | null) => {
    if (id !== currentId) reset();
    setParams(id ? { conversation: id } : {}, { replace: false });
    setListOpen(false);
  };

  const messages = conversation.data?.messages ?? [];
  const turnText = chat.turn?.text;
  // Follows the answer as it grows; an empty chat stays where it is.
  useEffect(() => {
    if (messages.length > 0 || turnText !== undefined)
      end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, turnText]);

  const send = (message: string) => {
    setDraft('');
    void chat
      .send({
        conversationId: currentId,
        message,
        onConversation: (id) => setParams({ conversation: id }, { replace: true }),
      })
      .then((reached) => {
        if (!reached) setDraft((d) => d || message);
      });
  };

  const empty = currentId === null && chat.turn === null;

  return (
    <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-6">
      <div className="mb-4 lg:hidden">
        <Button
          variant="outline"
          aria-expanded={listOpen}
          aria-controls="assistant-conversations"
          onClick={() => setListOpen((v) => !v)}
        >
          <MessagesSquare aria-hidden="true" />
          Conversations
        </Button>
      </div>
      <div
        id="assistant-conversations"
        className={cn('mb-4 lg:mb-0 lg:block', listOpen ? 'block' : 'hidden')}
      >
        <ConversationList
          currentId={currentId}
          onOpen={open}
          onNew={() => open(null)}
          onDeleted={(id) => {
            if (id === currentId) open(null);
          }}
        />
      </div>
      <section aria-label="Chat" className="flex min-w-0 flex-col gap-4">
        {conversation.isError ? (
          <LoadErrorAlert
            title="Could not load this conversation"
            error={conversation.error}
            onRetry={() => void conversation.refetch()}
          />
        ) : currentId !== null && conversation.isPending ? (
          <PageLoading />
        ) : empty ? (
          <div className="rounded-lg border border-dashed p-5">
            <h2 className="font-semibold">Where to start</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Pick a question or type your own. Anything it drafts waits for your Confirm.
            </p>
            {suggestions.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Suggested questions">
                {suggestions.map((question) => (
                  <li key={question}>
                    <Button
                      variant="outline"
                      size="sm"
                      className="h-auto whitespace-normal py-2 text-left"
                      disabled={chat.streaming}
                      onClick={() => send(question)}
                    >
                      {question}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <ChatMessages
            messages={messages}
            turn={chat.turn}
            streaming={chat.streaming}
            conversationId={currentId}
          />
        )}
        {chat.error ? <Alert tone="error">{chat.error}</Alert> : null}
        <div ref={end} />
        <Composer value={draft} onChange={setDraft} onSend={send} disabled={chat.streaming} />
      </section>
    </div>
  );
}
