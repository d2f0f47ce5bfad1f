import type { TimeStatus } from '@crewdesk/domain';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useLocationConsent } from '@/entities/time/api/time-api';
import { MyLocations } from './my-locations';
import { errorMessage } from '@/lib/api-client';
import { formatInstant } from '@/lib/format';

/** The person's own choice about location at punches: the exact words, and a way back. */
export function LocationConsentCard({ consent }: { consent: TimeStatus['locationConsent'] }) {
  const change = useLocationConsent();
  const set = (given: boolean) =>
    change.mutate(given, {
      onSuccess: () =>
        toast.success(given ? 'Location consent given.' : 'Location consent withdrawn.'),
      onError: (error) => toast.error(errorMessage(error, 'Could not save your choice.')),
    });
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">Location at punches</h2>
      <p className="mt-1 text-sm text-muted-foreground">{consent.text}</p>
      <p className="mt-2 text-sm">
        {consent.given && consent.at
          ? `You agreed on ${formatInstant(consent.at)}.`
          : 'You have not agreed: no location is recorded.'}
      </p>
      <Button
        className="mt-3"
        variant="outline"
        disabled={change.isPending}
        onClick={() => set(!consent.given)}
      >
        {consent.given ? 'Withdraw consent' : 'I agree'}
      </Button>
      <MyLocations />
    </Card>
  );
}
