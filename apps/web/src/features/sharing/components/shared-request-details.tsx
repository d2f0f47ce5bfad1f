import { type SharedRequest } from '@crewdesk/domain';
import { Card } from '@/components/ui/card';
import { formatAmount } from '@/lib/money';
import { dateTimeFormat } from '@/lib/date-time-format';
import { formatNumber } from '@/lib/locale';
import { shownTimeZone } from '@/lib/time-zone';

const CATEGORY_WORD = { estimates: 'Estimate', quotes: 'Quote', proposals: 'Proposal' } as const;

export function categoryWord(request: Pick<SharedRequest, 'category'>): string {
  return CATEGORY_WORD[request.category];
}

export function formatLongDate(iso: string): string {
  // A plain YYYY-MM-DD is a calendar day: read and written as UTC so no zone moves it a day. An
  // instant falls on the business's calendar, wherever the client is.
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const date = new Date(calendarDay ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat({
    dateStyle: 'long',
    timeZone: calendarDay ? 'UTC' : shownTimeZone(),
  }).format(date);
}

function countText(count: number | null): string {
  if (count === null) return '—';
  return count === 0 ? 'Any' : String(count);
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function LabelList({ title, values }: { title: string; values: readonly string[] }) {
  if (values.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {values.map((value) => (
          <li key={value} className="rounded-full border bg-muted px-2.5 py-0.5 text-xs">
            {value}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the work is: the property, the visit and the services, as the client asked for them. */
export function SharedWorkDetails({ request }: { request: SharedRequest }) {
  const { property } = request;
  // The server sends labels ('Commercial', 'Weekly'), ready to show.
  const commercial = property.propertyType === 'Commercial';
  return (
    <Card className="space-y-5 p-5">
      <h2 className="text-base font-semibold">The work</h2>
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <Fact label="Property" value={property.propertyType ?? '—'} />
        <Fact
          label="Size"
          value={
            property.squareFootage === null ? '—' : `${formatNumber(property.squareFootage)} sq ft`
          }
        />
        <Fact label="Frequency" value={property.frequency ?? '—'} />
        <Fact
          label={commercial ? 'Offices' : 'Bedrooms'}
          value={countText(property.numberOfRooms)}
        />
        <Fact label="Bathrooms" value={countText(property.numberOfBathrooms)} />
        {property.condition ? <Fact label="Condition" value={property.condition} /> : null}
        {property.preferredTime ? (
          <Fact
            label="Preferred time"
            value={`${property.preferredTime.startTime} – ${property.preferredTime.endTime}`}
          />
        ) : null}
      </dl>
      <LabelList title="Additional services" values={request.services} />
      <LabelList title="Areas" values={request.specificAreas} />
      <LabelList title="Access" values={request.accessibility} />
      <LabelList title="Preferences" values={request.clientPreferences} />
    </Card>
  );
}

export function SharedTotal({ request }: { request: SharedRequest }) {
  return (
    <div className="flex items-baseline justify-between gap-4 rounded-lg border bg-background px-5 py-4">
      <span className="text-sm text-muted-foreground">Total</span>
      <span className="text-2xl font-semibold" aria-label="Total amount">
        {formatAmount(request.amountCents)}
      </span>
    </div>
  );
}
