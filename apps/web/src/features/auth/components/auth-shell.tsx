import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { PublicLinks } from '@/components/public-links';
import { Card } from '@/components/ui/card';

interface AuthShellProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** The sign-in pages' frame: the brand, a heading, one card, the help and legal links. */
export function AuthShell({ title, description, children }: AuthShellProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-center text-center">
          <Brand />
          <h1 className="mt-4 text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
        <Card className="p-5 sm:p-6">{children}</Card>
        <PublicLinks
          label="Help and legal"
          className="mt-6 justify-center text-sm text-muted-foreground"
        />
      </div>
    </main>
  );
}
