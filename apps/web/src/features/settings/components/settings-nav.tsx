import { Link } from 'react-router';
import { fieldClassName, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { SETTINGS_SECTIONS, type SettingsSectionId } from './sections';

interface SettingsNavProps {
  current: SettingsSectionId;
  onSelect: (section: SettingsSectionId) => void;
}

export function sectionHref(section: SettingsSectionId): string {
  return `?section=${section}`;
}

/** A list of sections beside the content on wide screens; a select above it on phones. */
export function SettingsNav({ current, onSelect }: SettingsNavProps) {
  return (
    <>
      <div className="mb-5 space-y-1.5 md:hidden">
        <Label htmlFor="settings-section">Section</Label>
        <select
          id="settings-section"
          value={current}
          onChange={(event) => onSelect(event.target.value as SettingsSectionId)}
          className={cn(fieldClassName, 'h-10 py-2')}
        >
          {SETTINGS_SECTIONS.map((section) => (
            <option key={section.id} value={section.id}>
              {section.label}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label="Settings sections" className="hidden md:block">
        <ul className="space-y-1">
          {SETTINGS_SECTIONS.map(({ id, label, icon: Icon }) => {
            const active = id === current;
            return (
              <li key={id}>
                <Link
                  to={sectionHref(id)}
                  replace
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground',
                    active && 'bg-accent font-medium text-accent-foreground hover:bg-accent',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 shrink-0" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
