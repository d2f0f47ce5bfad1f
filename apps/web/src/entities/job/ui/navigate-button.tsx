import { Navigation } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { navigateUrl } from '../model/job-text';

/** 'Navigate': the visit's address in the maps app (a new tab on a computer). */
export function NavigateButton({
  location,
  size,
  className,
}: {
  location: string;
  size?: ButtonProps['size'];
  className?: string;
}) {
  return (
    <Button variant="outline" size={size} className={className} asChild>
      <a
        href={navigateUrl(location)}
        target="_blank"
        rel="noreferrer"
        aria-label={`Navigate to ${location}`}
      >
        <Navigation aria-hidden="true" />
        Navigate
      </a>
    </Button>
  );
}
