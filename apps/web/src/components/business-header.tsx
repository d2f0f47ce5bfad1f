import { Building2, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';

/** What the client's pages (shared estimate, invoice) show of the business that sent them. */
export interface BusinessCard {
  name: string;
  logoUrl: string | null;
  email: string | null;
  phone: string | null;
  website?: string | null;
  address: string | null;
}

/** The business that sent the link: its logo (a placeholder if it cannot load), name and contacts. */
export function BusinessHeader({ business }: { business: BusinessCard }) {
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const showLogo = business.logoUrl !== null && business.logoUrl !== failedLogo;
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center">
      {showLogo ? (
        <img
          src={business.logoUrl ?? undefined}
          alt={`${business.name} logo`}
          className="size-16 shrink-0 rounded-md border object-contain"
          onError={() => setFailedLogo(business.logoUrl)}
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-md border bg-muted"
        >
          <Building2 className="size-7 text-muted-foreground" />
        </div>
      )}
      <div className="min-w-0 space-y-1">
        <p className="text-lg font-semibold">{business.name}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {business.email ? (
            <li className="flex min-w-0 items-center gap-1.5">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <a className="break-all hover:underline" href={`mailto:${business.email}`}>
                {business.email}
              </a>
            </li>
          ) : null}
          {business.phone ? (
            <li className="flex items-center gap-1.5">
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <a className="hover:underline" href={`tel:${business.phone.replace(/[^\d+]/g, '')}`}>
                {business.phone}
              </a>
            </li>
          ) : null}
          {business.website ? (
            <li className="flex min-w-0 items-center gap-1.5">
              <Globe aria-hidden="true" className="size-4 shrink-0" />
              <span className="break-all">{business.website}</span>
            </li>
          ) : null}
          {business.address ? (
            <li className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span>{business.address}</span>
            </li>
          ) : null}
        </ul>
      </div>
    </Card>
  );
}
