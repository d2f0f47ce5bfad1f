import { Navigation, Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { telUrl } from '../model/job-text';
import { NavigateButton } from './navigate-button';

/** A visit's two big field buttons: call the client, and the address in the maps app. */
export function CallAndNavigate({
  customerName,
  customerPhone,
  address,
  className,
}: {
  customerName: string | null;
  customerPhone: string | null;
  address: string;
  className?: string;
}) {
  return (
    <div className={className ? `grid grid-cols-2 gap-2 ${className}` : 'grid grid-cols-2 gap-2'}>
      {customerPhone ? (
        <Button variant="outline" size="lg" className="h-12" asChild>
          <a href={telUrl(customerPhone)} aria-label={`Call ${customerName ?? 'client'}`}>
            <Phone aria-hidden="true" />
            Call
          </a>
        </Button>
      ) : (
        <Button variant="outline" size="lg" className="h-12" disabled>
          <Phone aria-hidden="true" />
          No phone
        </Button>
      )}
      {address ? (
        <NavigateButton location={address} size="lg" className="h-12" />
      ) : (
        <Button variant="outline" size="lg" className="h-12" disabled>
          <Navigation aria-hidden="true" />
          No address
        </Button>
      )}
    </div>
  );
}
