import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { HelpBrowser } from '../components/help-browser';

/** Spec section 2: the public help center. */
export function HelpCenterPage() {
  return (
    <>
      <PageHeader
        title="Help center"
        description="How to use Crewdesk, and how to run your own installation."
      />
      <HelpBrowser />
    </>
  );
}

/** /help, reached from the user menu as Support. */
export function HelpPage() {
  return (
    <div>
      <PageHeader
        title="Support"
        description="Answers about using Crewdesk, and who to ask when they are not enough."
      />
      <HelpBrowser />
      <Card className="mt-8 flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-3">
          <MessageSquare aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div>
            <h2 className="font-semibold">Still stuck?</h2>
            <p className="text-sm text-muted-foreground">
              Write to the people who run this Crewdesk installation.
            </p>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to="/contact">Contact us</Link>
        </Button>
      </Card>
    </div>
  );
}
