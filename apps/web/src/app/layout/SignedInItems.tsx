// The header's signed-in part: notification bell, messages and user menu. They read and
// change the store (RTK Query, sign-out), so they come with it, for a signed-in user only
// (lib/lazyStore.ts): a signed-in user exists only once the store is loaded.
import { Provider } from 'react-redux';
import { MessagesIcon } from '../../features/notifications/MessagesIcon';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import type { SessionUser } from '../../lib/session';
import { store } from '../../lib/store';
import { UserMenu } from './UserMenu';

export function SignedInItems(props: {
  user: SessionUser;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}) {
  return (
    <Provider store={store}>
      <NotificationBell />
      <MessagesIcon />
      <UserMenu user={props.user} open={props.menuOpen} onOpenChange={props.onMenuOpenChange} />
    </Provider>
  );
}
