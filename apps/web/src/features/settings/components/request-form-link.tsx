import { Copy, ExternalLink } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useSession } from '@/lib/session/session-context';
import { copyLinkWithToast } from '@/lib/clipboard';

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
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={url}
          aria-label="Request form link"
          onFocus={(e) => e.target.select()}
        />
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={() => void copyLinkWithToast(url)}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className={buttonVariants({ variant: 'outline' })}
          >
            <ExternalLink aria-hidden="true" />
            Open
          </a>
        </div>
      </div>
    </Card>
  );
}
