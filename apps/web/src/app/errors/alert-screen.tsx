import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface AlertScreenProps {
  icon: LucideIcon;
  title: string;
  message: string;
  /** Under the message: what the user can do now. */
  children?: ReactNode;
}

/** A whole screen that says something went wrong or is not allowed (an error, access denied). */
export function AlertScreen({ icon: Icon, title, message, children }: AlertScreenProps) {
  return (
    <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border bg-background p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{message}</p>
        {children}
      </div>
    </div>
  );
}
