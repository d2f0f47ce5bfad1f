import { ChevronRight, Sparkles } from 'lucide-react';
import { Link } from 'react-router';

/** Every role's way to the assistant from Home: a plain link, nothing loaded until it is opened. */
export function AskAssistantLink() {
  return (
    <Link
      to="/ai-assistant"
      className="mt-6 flex items-center justify-between gap-3 rounded-lg border bg-background p-4 shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="flex items-center gap-3">
        <Sparkles aria-hidden="true" className="size-5 shrink-0 text-primary" />
        <span>
          <span className="block font-medium">Ask the assistant</span>
          <span className="block text-sm text-muted-foreground">
            Questions about your work, and drafts you confirm
          </span>
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </Link>
  );
}
