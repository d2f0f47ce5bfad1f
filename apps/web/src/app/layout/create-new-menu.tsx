import { Briefcase, FileText, Plus, Receipt, UserPlus, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { canAccessRoute } from '@crewdesk/domain';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSession } from '@/lib/session/session-context';

/** Spec section 2: the header's Create New menu and its creation shortcuts. */
export const CREATE_NEW_ITEMS: readonly { label: string; path: string; icon: LucideIcon }[] = [
  { label: 'Customer', path: '/customers/new', icon: UserPlus },
  { label: 'Quote/Estimate', path: '/quotes/new', icon: FileText },
  { label: 'Job', path: '/jobs/new', icon: Briefcase },
  { label: 'Invoice', path: '/invoices/new', icon: Receipt },
];

export function CreateNewMenu() {
  const { role, activeAccountId } = useSession();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" aria-label="Create New" className="px-2.5 sm:px-3">
          <Plus aria-hidden="true" />
          <span className="hidden sm:inline">Create New</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-52">
        {CREATE_NEW_ITEMS.map(({ label, path, icon: Icon }) => {
          const allowed = canAccessRoute(role, activeAccountId, path) === 'allowed';
          return allowed ? (
            <DropdownMenuItem key={path} asChild>
              <Link to={path}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={path} disabled>
              <Icon aria-hidden="true" />
              {label}
              <span className="ml-auto text-xs text-muted-foreground">No access</span>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
