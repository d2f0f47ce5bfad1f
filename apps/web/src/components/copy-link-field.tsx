import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { copyLinkWithToast } from '@/lib/clipboard';

interface CopyLinkFieldProps {
  url: string;
  /** The field's accessible name: 'Calendar feed link'. */
  label: string;
  copyLabel?: string;
  /** More buttons beside Copy (Open). */
  children?: ReactNode;
}

/** A link to hand out: shown whole (selected on focus, to copy by hand) with a Copy button. */
export function CopyLinkField({ url, label, copyLabel = 'Copy', children }: CopyLinkFieldProps) {
  const copy = (
    <Button variant="outline" onClick={() => void copyLinkWithToast(url)}>
      <Copy aria-hidden="true" />
      {copyLabel}
    </Button>
  );
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Input readOnly value={url} aria-label={label} onFocus={(e) => e.target.select()} />
      {children ? (
        <div className="flex gap-2">
          {copy}
          {children}
        </div>
      ) : (
        copy
      )}
    </div>
  );
}
