import { toast } from 'sonner';

interface ToastText {
  title: string;
  description?: string;
}

function say(show: typeof toast.success, text: ToastText) {
  if (text.description === undefined) show(text.title);
  else show(text.title, { description: text.description });
}

/**
 * Copies `text` and toasts how it went. Without clipboard access (a page not served over HTTPS, a
 * denied permission) the failure toast is all the person gets: it should say what to do instead.
 */
export async function copyWithToast(
  text: string,
  toasts: { copied: ToastText; failed: ToastText },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    say(toast.success, toasts.copied);
  } catch {
    say(toast.error, toasts.failed);
  }
}

/** Copies a link to share, and says so; without clipboard access, says to copy it by hand. */
export function copyLinkWithToast(link: string): Promise<void> {
  return copyWithToast(link, {
    copied: { title: 'Link copied' },
    failed: { title: 'Could not copy the link. Select it and copy it yourself.' },
  });
}
