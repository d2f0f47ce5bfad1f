import { formatDistanceToNowStrict } from 'date-fns';
import type { Notification } from '@crewdesk/domain';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/**
 * One notification: what happened (a link to it), why the person was told (a link to the
 * preference), and when. Unread ones carry a dot and bolder words; opening one marks it read.
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  compact?: boolean;
}) {
  const unread = notification.readAt === null;
  const when = formatDistanceToNowStrict(new Date(notification.createdAt), { addSuffix: true });
  return (
    <div className={cn('flex gap-3 rounded-md px-2', compact ? 'py-2' : 'py-3')}>
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          unread ? 'bg-primary' : 'bg-transparent',
        )}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={notification.path}
          onClick={() => onOpen(notification)}
          className={cn(
            'block break-words text-sm underline-offset-2 hover:underline focus-visible:underline',
            unread ? 'font-semibold' : 'font-normal',
          )}
        >
          {notification.title}
          {unread ? <span className="sr-only"> (unread)</span> : null}
        </Link>
        <p className="mt-0.5 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{when}</time>
          {compact ? null : (
            <>
              {' · '}
              {notification.reason}{' '}
              <Link to="/settings?section=notifications" className="underline underline-offset-2">
                Change what you get
              </Link>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
