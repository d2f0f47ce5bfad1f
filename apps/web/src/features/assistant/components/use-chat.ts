import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConversationDetail, Proposal, ToolCallView } from '@crewdesk/domain';
import { errorMessage, isApiError } from '@/lib/api-client';
import { conversationQueryKey, conversationsQueryKey, statusQueryKey } from '../api/assistant-api';
import { sendChat } from '../api/chat-stream';

/** The question being answered, shown until the stored conversation has it. */
export interface Turn {
  question: string;
  text: string;
  toolCalls: ToolCallView[];
  proposals: Proposal[];
}

interface SendOptions {
  conversationId: string | null;
  message: string;
  /** A new conversation got its id (the stream's first event). */
  onConversation: (id: string) => void;
}

/**
 * One chat send at a time: streams the answer into `turn`, then refreshes the stored conversation
 * and lets the turn go once that has it. `error` is what went wrong, in the server's words.
 */
export function useChat() {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<Turn | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setTurn(null);
    setError(null);
    setStreaming(false);
  }, []);

  /** Resolves true when the question reached the server (false: keep the draft). */
  const send = useCallback(
    async ({ conversationId, message, onConversation }: SendOptions): Promise<boolean> => {
      const controller = new AbortController();
      abort.current?.abort();
      abort.current = controller;
      setError(null);
      setStreaming(true);
      setTurn({ question: message, text: '', toolCalls: [], proposals: [] });
      let id = conversationId;
      let started = false;
      try {
        const events = await sendChat(
          conversationId ? { conversationId, message } : { message },
          controller.signal,
        );
        started = true;
        for await (const event of events) {
          if (controller.signal.aborted) return true;
          switch (event.type) {
            case 'conversation':
              if (id === null) {
                id = event.id;
                // Seeded, so that opening it does not fetch it half-written.
                queryClient.setQueryData<ConversationDetail>(conversationQueryKey(event.id), {
                  id: event.id,
                  title: event.title,
                  updatedAt: new Date().toISOString(),
                  messages: [],
                });
                onConversation(event.id);
              }
              break;
            case 'text':
              setTurn((t) => t && { ...t, text: t.text + event.delta });
              break;
            case 'tool':
              setTurn((t) => t && { ...t, toolCalls: [...t.toolCalls, event.call] });
              break;
            case 'proposal':
              setTurn((t) => t && { ...t, proposals: [...t.proposals, event.proposal] });
              break;
            case 'error':
              setError(event.message);
              break;
            case 'done':
              break;
          }
        }
      } catch (err) {
        if (controller.signal.aborted) return started;
        if (!started) {
          setTurn(null);
          setStreaming(false);
          // 409: the model was removed meanwhile; the page then says so.
          if (isApiError(err) && err.status === 409)
            void queryClient.invalidateQueries({ queryKey: statusQueryKey });
          setError(errorMessage(err, 'Could not send your message. Try again.'));
          return false;
        }
        setError(errorMessage(err, 'The answer stopped before it was complete.'));
      }
      if (controller.signal.aborted) return true;
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
      if (id) {
        await queryClient
          .invalidateQueries({ queryKey: conversationQueryKey(id) })
          .catch(() => undefined);
      }
      if (!controller.signal.aborted) {
        // The stored conversation now holds the question and what was kept of the answer.
        if (id && queryClient.getQueryState(conversationQueryKey(id))?.status === 'success')
          setTurn(null);
        setStreaming(false);
      }
      return true;
    },
    [queryClient],
  );

  return { turn, streaming, error, send, reset, clearError: () => setError(null) };
}
