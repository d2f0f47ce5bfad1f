import { CalendarX, CloudOff, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageLoading } from '@/components/ui/page-loading';
import { useFieldVisits } from '@/entities/field-visit/api/field-visits-context';

/** The states before there are visits to show: loading, nothing kept, signed out, an error. */
export function FieldVisitStates() {
  const { load, syncNow } = useFieldVisits();
  if (load === 'loading') return <PageLoading />;
  if (load === 'signed-out')
    return (
      <EmptyState
        icon={LogIn}
        title="Sign in to see your visits"
        actions={
          <Button asChild>
            <Link to="/auth?returnTo=%2Fvisits">Sign in</Link>
          </Button>
        }
      >
        Your session has ended. Changes made on this phone wait until you sign in again.
      </EmptyState>
    );
  if (load === 'nothing-kept')
    return (
      <EmptyState icon={CloudOff} title="No visits on this phone yet">
        Open this page once with a connection: your visits of today and tomorrow are then kept on
        this phone for when there is no signal.
      </EmptyState>
    );
  return (
    <EmptyState
      icon={CalendarX}
      title="Your visits could not be loaded"
      actions={<Button onClick={syncNow}>Try again</Button>}
    >
      The server did not answer as expected. Nothing you changed on this phone is lost.
    </EmptyState>
  );
}
