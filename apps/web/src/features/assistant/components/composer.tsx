import { ASSISTANT_LIMITS } from '@crewdesk/domain';
import { Send } from 'lucide-react';
import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label, Textarea } from '@/components/ui/input';

/** Enter sends, Shift+Enter starts a new line; off while an answer streams. */
export function Composer({
  value,
  onChange,
  onSend,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (message: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const submit = () => {
    const message = value.trim();
    if (message && !disabled) onSend(message);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form
      aria-label="Ask the assistant"
      className="flex items-end gap-2"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="min-w-0 flex-1">
        <Label htmlFor={id} className="sr-only">
          Message
        </Label>
        <Textarea
          id={id}
          rows={2}
          value={value}
          maxLength={ASSISTANT_LIMITS.message}
          aria-describedby={hintId}
          placeholder="Ask a question or for a draft..."
          className="min-h-12 resize-y"
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="mt-1 text-xs text-muted-foreground">
          Enter sends, Shift+Enter adds a line. The assistant may be wrong: check its figures.
        </p>
      </div>
      <Button type="submit" className="mb-5" disabled={disabled || value.trim() === ''}>
        <Send aria-hidden="true" />
        Send
      </Button>
    </form>
  );
}
