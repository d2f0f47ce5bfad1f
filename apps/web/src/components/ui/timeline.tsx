import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A record's history as a line of dated events, newest first (the caller orders them). */
export function Timeline({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <ol aria-label="History" className={cn('space-y-3 border-l pl-4 text-sm', className)}>
      {children}
    </ol>
  );
}

/** One event on the line, marked by a dot on it. */
export function TimelineItem({ children }: { children: ReactNode }) {
  return (
    <li className="relative">
      <span
        aria-hidden="true"
        className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-primary"
      />
      {children}
    </li>
  );
}
