import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { buttonVariants } from './ui/button';

const PUBLIC_LINKS = [
  { to: '/help-center', label: 'Help center' },
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

/** The client's copy of what a shared page shows (an invoice, an estimate), as a PDF file. */
export function DownloadPdfLink({ href }: { href: string }) {
  return (
    <a href={href} className={buttonVariants({ variant: 'outline', size: 'sm' })} download>
      <Download aria-hidden="true" />
      Download PDF
    </a>
  );
}
