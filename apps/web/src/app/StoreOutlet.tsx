// The pages below the `WithStore` route (app/router.tsx) read or change the store: they
// are given it here. Loaded with the store itself, after the first visit (lib/lazyStore.ts).
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { store } from '../lib/store';

export function StoreOutlet() {
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
