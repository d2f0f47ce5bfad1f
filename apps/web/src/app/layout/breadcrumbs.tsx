import { ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buildBreadcrumbs } from '@crewdesk/domain';
import { cn } from '@/lib/cn';

/** A screen opened "from" a named record passes it as navigation state. */
export interface BreadcrumbState {
  parentName?: string;
}

function parentNameOf(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'parentName' in state) {
    const { parentName } = state as { parentName: unknown };
    if (typeof parentName === 'string' && parentName.trim() !== '') return parentName;
  }
  return undefined;
}

/** Spec section 2, breadcrumbs; the labels come from the domain rule. */
export function Breadcrumbs({ className }: { className?: string }) {
  const location = useLocation();
  const parentName = parentNameOf(location.state);
  const crumbs = buildBreadcrumbs(
    location.pathname,
    parentName === undefined ? undefined : { parentName },
  );
  if (crumbs.length === 0) return null;

  return (
    <nav aria-label="Breadcrumb" className={cn('min-w-0', className)}>
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li
              key={`${crumb.path}-${index}`}
              className={cn('flex min-w-0 items-center gap-1.5', isLast ? '' : 'shrink-0')}
            >
              {isLast ? (
                <span aria-current="page" className="truncate font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.path}
                    className="rounded-sm hover:text-foreground hover:underline"
                  >
                    {crumb.label}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
