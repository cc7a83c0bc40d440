// Explore's 'Alert me about projects like these' (engineers): saves the current filters as a
// saved search, named in a small dialog. It reads and changes the store, so it brings its own
// Provider: Explore itself renders without the store (lib/lazyStore.ts).
import { ALERT_MESSAGES, SAVED_SEARCH_NAME_MAX, type SavedSearchFiltersInput } from '@app/shared';
import { BellPlus, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Provider } from 'react-redux';
import { Link } from 'react-router';
import { FormError } from '../../components/form/FormError';
import { Modal } from '../../components/Modal';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { store } from '../../lib/store';
import { useCreateSavedSearchMutation } from './api';
import { suggestedName } from './describe';

export function SaveSearchButton(props: { filters: SavedSearchFiltersInput; userId: string }) {
  return (
    <Provider store={store}>
      <SaveSearch {...props} />
    </Provider>
  );
}

function SaveSearch({ filters, userId }: { filters: SavedSearchFiltersInput; userId: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateSavedSearchMutation();
  const start = () => {
    setName(suggestedName(filters));
    setProblem(null);
    setOpen(true);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await create({ name, filters }).unwrap();
      setOpen(false);
      toast.success(ALERT_MESSAGES.saved);
    } catch (err) {
      setProblem(errorMessage(err, 'Could not save the search.'));
    }
  };
  return (
    <>
      <button type="button" className="btn-secondary" onClick={start}>
        <BellPlus className="h-4 w-4" aria-hidden /> Alert me about projects like these
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Alert me about projects like these"
        description="New projects that pass these filters, and that your verified licences let you take, will appear in your notifications and follow your alert e-mail choice."
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" form="save-search-form" className="btn-primary" disabled={isLoading}>
              {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              Save search
            </button>
          </>
        }
      >
        <form id="save-search-form" onSubmit={submit} className="space-y-3">
          <div>
            <label htmlFor="saved-search-name" className="label">
              Name
            </label>
            <input
              id="saved-search-name"
              className="input"
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <FormError message={problem} />
          <p className="text-sm text-slate-600">
            Rename or delete it later on your{' '}
            <Link to={`/profile/${userId}?tab=alerts`} className="font-medium text-brand-700 hover:underline">
              profile
            </Link>
            .
          </p>
        </form>
      </Modal>
    </>
  );
}
