import { Button } from '@/components/ui/button';

/** The quiet way out of every side step of the sign-in page (codes, resets, second factor). */
export function BackToSignInLink({
  onClick,
  disabled,
}: {
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="link"
      className="h-auto px-0 py-1 text-muted-foreground"
      onClick={onClick}
      disabled={disabled}
    >
      Back to sign in
    </Button>
  );
}
