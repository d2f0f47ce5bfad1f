import { cn } from '@/lib/cn';

/** A small pill of text: a record's status (coloured by `className`) or a neutral label. */
export function Badge({ className, children }: { className?: string; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium',
        className,
      )}
    >
      {children}
    </span>
  );
}
