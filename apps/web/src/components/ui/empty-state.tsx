import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** What is coming, as a short list. */
  upcoming?: readonly string[];
  actions?: ReactNode;
  className?: string;
}

/** An honest empty screen: what will live here, and nothing pretending to be data. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  upcoming,
  actions,
  className,
}: EmptyStateProps) {
  return (
    <section
      aria-label={title}
      className={cn(
        'flex flex-col items-center rounded-lg border border-dashed bg-background px-5 py-10 text-center sm:px-8',
        className,
      )}
    >
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 max-w-prose text-sm text-muted-foreground">{children}</div>
      {upcoming && upcoming.length > 0 ? (
        <ul className="mt-5 grid w-full max-w-md gap-2 text-left text-sm">
          {upcoming.map((item) => (
            <li key={item} className="flex gap-2 rounded-md bg-muted px-3 py-2">
              <span
                aria-hidden="true"
                className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary"
              />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </section>
  );
}
