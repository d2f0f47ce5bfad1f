import { Link } from 'react-router';
import { cn } from '@/lib/cn';

const PUBLIC_LINKS = [
  { to: '/help-center', label: 'Help Center' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
] as const;

/** The help and legal links every public page offers. */
export function PublicLinks({ label, className }: { label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn('flex flex-wrap gap-x-4 gap-y-1', className)}>
      {PUBLIC_LINKS.map((link) => (
        <Link key={link.to} to={link.to} className="hover:text-foreground hover:underline">
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
