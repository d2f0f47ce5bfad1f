import { lazy, Suspense, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoading } from '@/components/ui/page-loading';
import { BusinessProfileSection } from '../components/business-profile-section';
import { CalendarFeedSection } from '../components/calendar-feed-section';
import { DataSection } from '../components/data-section';
import { EmailOutboxSection } from '../components/email-outbox-section';
import { InvoiceSettingsSection } from '../components/invoice-settings-section';
import { InspectionTemplatesSection } from '../components/inspection-templates-section';
import { IntegrationsSection } from '../components/integrations-section';
import { InventorySettingsSection } from '../components/inventory-settings-section';
import { NotificationsSection } from '../components/notifications-section';
import { PlanSection } from '../components/plan-section';
import { ProofSettingsSection } from '../components/proof-settings-section';
import { ProfileSection } from '../components/profile-section';
import { SETTINGS_SECTIONS, toSectionId, type SettingsSectionId } from '../components/sections';
import { SecuritySection } from '../components/security-section';
import { SettingsNav } from '../components/settings-nav';
import { TeamRolesSection } from '../components/team-roles-section';

// Fetched when opened: it brings the client hub's requests (the initial-JS budget counts every
// file a lazy route imports in the entry's preload map).
const ClientLinks = lazy(() =>
  import('../components/client-links-section').then((module) => ({
    default: module.ClientLinksSection,
  })),
);

function ClientLinksSection() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ClientLinks />
    </Suspense>
  );
}

const CONTENT: Record<SettingsSectionId, ComponentType> = {
  profile: ProfileSection,
  security: SecuritySection,
  notifications: NotificationsSection,
  business: BusinessProfileSection,
  team: TeamRolesSection,
  invoices: InvoiceSettingsSection,
  'client-links': ClientLinksSection,
  'inspection-templates': InspectionTemplatesSection,
  inventory: InventorySettingsSection,
  'proof-of-service': ProofSettingsSection,
  integrations: IntegrationsSection,
  plan: PlanSection,
  data: DataSection,
  'email-outbox': EmailOutboxSection,
};

/** Spec section 2: /settings (also the user menu's Profile). One section at a time, `?section=`. */
export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const current = toSectionId(params.get('section'));
  const section = SETTINGS_SECTIONS.find((s) => s.id === current) ?? SETTINGS_SECTIONS[0];
  const Content = CONTENT[current];

  return (
    <>
      <PageHeader title="Settings" description="Your profile, your sign-in and this business." />
      <div className="md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:gap-8">
        <SettingsNav
          current={current}
          onSelect={(next) => setParams({ section: next }, { replace: true })}
        />
        <section aria-labelledby="settings-section-title" className="min-w-0">
          <div className="mb-4">
            <h2 id="settings-section-title" className="text-lg font-semibold">
              {section.label}
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">{section.description}</p>
          </div>
          <Content />
          {current === 'profile' ? (
            <div className="mt-6">
              <CalendarFeedSection />
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
