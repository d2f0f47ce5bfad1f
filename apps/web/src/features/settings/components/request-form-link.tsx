import { ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/session/session-context';
import { CopyLinkField } from '@/components/copy-link-field';

/** The public request form's address, for the business to put on its website. */
export function RequestFormLink() {
  const { activeAccount } = useSession();
  if (!activeAccount) return null;
  const url = `${window.location.origin}/request/${activeAccount.account_slug}`;

  return (
    <Card className="space-y-3 p-5 sm:p-6">
      <div>
        <h3 className="font-semibold">Request form</h3>
        <p className="text-sm text-muted-foreground">
          Put this link on your website. Each request arrives under Requests as an inquiry, and the
          visitor is added to your contacts.
        </p>
      </div>
      <CopyLinkField url={url} label="Request form link" copyLabel="Copy link">
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className={buttonVariants({ variant: 'outline' })}
        >
          <ExternalLink aria-hidden="true" />
          Open
        </a>
      </CopyLinkField>
    </Card>
  );
}
