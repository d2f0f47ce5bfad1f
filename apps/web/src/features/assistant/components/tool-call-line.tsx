import { Ban, CircleAlert, Wrench } from 'lucide-react';
import type { ToolCallView } from '@crewdesk/domain';
import { cn } from '@/lib/cn';

const STATUS_TEXT = {
  ok: null,
  refused: 'Refused',
  invalid: 'Could not run',
  error: 'Failed',
} as const;

/** One tool the assistant used, as a small status line; a refusal says so plainly. */
export function ToolCallLine({ call }: { call: ToolCallView }) {
  const Icon = call.status === 'refused' ? Ban : call.status === 'ok' ? Wrench : CircleAlert;
  const status = STATUS_TEXT[call.status];
  return (
    <li
      className={cn(
        'flex items-start gap-2 text-xs',
        call.status === 'ok' ? 'text-muted-foreground' : 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>
        <span className="font-medium">{call.label}</span>
        {status ? <span className="font-medium"> · {status}</span> : null}
        {call.summary ? <span>: {call.summary}</span> : null}
      </span>
    </li>
  );
}
