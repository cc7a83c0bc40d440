// 'Job alerts' of the profile page (engineers): how alert mail arrives, and the saved
// searches, each renamed, muted or deleted here (docs/ALERTS.md).
import {
  ALERT_MAIL_MODE_LABELS,
  ALERT_MAIL_MODES,
  type AlertMailMode,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchDto,
} from '@app/shared';
import { BellRing, Loader2, Pencil, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import {
  useAlertSettingsQuery,
  useDeleteSavedSearchMutation,
  useSavedSearchesQuery,
  useSetAlertSettingsMutation,
  useUpdateSavedSearchMutation,
} from './api';
import { describeFilters, exploreQuery } from './describe';

export function AlertsTab() {
  return (
    <div className="space-y-6">
      <MailChoice />
      <SavedSearches />
    </div>
  );
}

function MailChoice() {
  const { data, isLoading, error } = useAlertSettingsQuery();
  const [save, { isLoading: saving }] = useSetAlertSettingsMutation();
  const choose = async (mode: AlertMailMode) => {
    try {
      await save({ mail_mode: mode }).unwrap();
      toast.success('Alert e-mail choice saved.');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save your choice.'));
    }
  };
  return (
    <Panel
      title="Job alerts"
      description="When a client posts a project your verified licences let you take, in your specializations or matching a saved search, it appears in your notifications. Choose how you also hear of it by e-mail."
    >
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={false}
        loadingText="Loading your alert settings..."
        errorText="Failed to load your alert settings."
        empty={null}
      >
        <fieldset aria-busy={saving}>
          <legend className="label">Alert e-mails</legend>
          <div className="mt-2 space-y-2">
            {ALERT_MAIL_MODES.map((mode) => (
              <label
                key={mode}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="alert-mail-mode"
                  value={mode}
                  checked={data?.mail_mode === mode}
                  onChange={() => choose(mode)}
                  className="h-4 w-4 accent-brand-600"
                />
                {ALERT_MAIL_MODE_LABELS[mode]}
              </label>
            ))}
          </div>
        </fieldset>
      </ListState>
    </Panel>
  );
}

function SavedSearches() {
  const { data, isLoading, error } = useSavedSearchesQuery();
  const [deleting, setDeleting] = useState<SavedSearchDto | null>(null);
  const [remove, { isLoading: removing }] = useDeleteSavedSearchMutation();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove(deleting.id).unwrap();
      toast.success('Saved search deleted.');
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not delete the saved search.'));
    }
  };
  return (
    <Panel
      title="Saved searches"
      description="New projects that pass a saved search's filters are alerted too, even outside your specializations."
      actions={
        <Link to="/explore" className="btn-secondary">
          <Search className="h-4 w-4" aria-hidden /> Explore
        </Link>
      }
    >
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!data?.length}
        loadingText="Loading your saved searches..."
        errorText="Failed to load your saved searches."
        empty={
          <EmptyState icon={BellRing}>
            No saved searches yet. On Explore, choose filters and press ‘Alert me about projects like these’.
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-200" aria-label="Saved searches">
          {data?.map((s) => (
            <SavedSearchRow key={s.id} search={s} onDelete={() => setDeleting(s)} />
          ))}
        </ul>
      </ListState>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this saved search?"
        description={deleting ? `“${deleting.name}” will no longer alert you.` : undefined}
        confirmLabel="Delete"
        busy={removing}
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}

function SavedSearchRow({ search, onDelete }: { search: SavedSearchDto; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);
  const [update, { isLoading }] = useUpdateSavedSearchMutation();
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await update({ id: search.id, body: { name } }).unwrap();
      toast.success('Saved search renamed.');
      setEditing(false);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not rename the saved search.'));
    }
  };
  // The box shows the choice at once; the list's next answer takes over once it agrees (a
  // refusal puts the box back).
  const [mailWanted, setMailWanted] = useState<boolean | null>(null);
  useEffect(() => {
    if (mailWanted === search.mail) setMailWanted(null);
  }, [mailWanted, search.mail]);
  const setMail = async (mail: boolean) => {
    setMailWanted(mail);
    try {
      await update({ id: search.id, body: { mail } }).unwrap();
      toast.success(mail ? 'E-mails for this search are on.' : 'E-mails for this search are off.');
    } catch (err) {
      setMailWanted(null);
      toast.error(errorMessage(err, 'Could not change the saved search.'));
    }
  };
  const inputId = `rename-${search.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1">
        {editing ? (
          <form onSubmit={rename} className="flex flex-wrap items-center gap-2">
            <label htmlFor={inputId} className="sr-only">
              Name of the saved search
            </label>
            <input
              id={inputId}
              className="input min-w-0 flex-1"
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              // biome-ignore lint/a11y/noAutofocus: the field the person just asked to edit
              autoFocus
            />
            <button type="submit" className="btn-primary" disabled={isLoading}>
              {isLoading && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />} Save
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setName(search.name);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </form>
        ) : (
          <p className="break-words font-medium text-slate-900">{search.name}</p>
        )}
        <p className="mt-1 break-words text-sm text-slate-600">
          <Link to={`/explore?${exploreQuery(search.filters)}`} className="hover:underline">
            {describeFilters(search.filters)}
          </Link>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={mailWanted ?? search.mail}
            disabled={isLoading}
            onChange={(e) => setMail(e.target.checked)}
            className="h-4 w-4 accent-brand-600"
          />
          E-mail me
        </label>
        {!editing && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${search.name}`}
          >
            <Pencil className="h-4 w-4" aria-hidden /> Rename
          </button>
        )}
        <button
          type="button"
          className="btn-secondary"
          onClick={onDelete}
          aria-label={`Delete ${search.name}`}
        >
          <Trash2 className="h-4 w-4" aria-hidden /> Delete
        </button>
      </div>
    </li>
  );
}
