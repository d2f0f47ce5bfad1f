import { LayoutList } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useHubLink } from '../api/client-hub-api';

/**
 * On a page opened by a share link: the way to the client's hub. Shown only when the link opens
 * one (a document with a contact, a link still valid); otherwise nothing.
 */
export function HubEntryLink({ token }: { token: string }) {
  const link = useHubLink(token);
  if (!link.isSuccess) return null;
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-base font-semibold">Everything with {link.data.business.name}</h2>
        <p className="text-sm text-muted-foreground">
          Your quotes, visits, invoices and reports in one place.
        </p>
      </div>
      <Link
        to={`/hub/${encodeURIComponent(token)}`}
        className={buttonVariants({ variant: 'outline' })}
      >
        <LayoutList aria-hidden="true" />
        See all your quotes, visits and invoices
      </Link>
    </Card>
  );
}
