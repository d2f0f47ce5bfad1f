import { Bot } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** No model is set: say so, what kind of model works, and who can set one. */
export function NoModel({ canConfigure }: { canConfigure: boolean }) {
  return (
    <EmptyState
      icon={Bot}
      title="The AI assistant needs a model"
      actions={
        canConfigure ? (
          <Button asChild>
            <Link to="/settings?section=integrations">Set up a model in Settings</Link>
          </Button>
        ) : null
      }
    >
      <p>
        The assistant answers with a language model your business chooses. It works with any
        OpenAI-compatible endpoint: Ollama, a llama.cpp server, vLLM or a hosted API. No model has
        been set for this business yet, so it cannot answer.
      </p>
      <p className="mt-2">
        {canConfigure
          ? 'Add its address and model name in Settings > Integrations > AI model.'
          : 'Ask your business owner or an admin to set one up.'}
      </p>
    </EmptyState>
  );
}
