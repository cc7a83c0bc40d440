// 'Rate the engineer' / 'Rate the client' for one completed project: the button that opens
// the rating dialog, or, once rated, the stars the signed-in user gave.
import { RATING_MESSAGES } from '@app/shared';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/lazyStore';
import { Stars } from '../engineers';
import { useRatingCheckQuery } from './api';
import { RatingDialog } from './RatingDialog';

export function RateCounterpart({
  projectId,
  projectTitle,
  receiverId,
  receiverName,
  receiverRole,
  compact = false,
}: {
  projectId: string;
  projectTitle: string;
  receiverId: string;
  receiverName: string;
  receiverRole: 'client' | 'engineer';
  /** A row in a list rather than a card of its own. */
  compact?: boolean;
}) {
  const me = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useRatingCheckQuery(
    { senderId: me?.id ?? '', receiverId, projectId },
    { skip: !me },
  );
  // A row keeps the height of a button while its answer is on the way, so the rows below it
  // do not move when the button or the stars arrive.
  if (!me || isLoading || !data) return compact ? <div className="h-9" /> : null;
  const label = receiverRole === 'engineer' ? 'Rate the engineer' : 'Rate the client';

  const body = data.rated ? (
    <div className={`flex flex-wrap items-center gap-2 text-sm text-slate-700 ${compact ? 'min-h-9' : ''}`}>
      <span>You rated {receiverName}</span>
      <Stars value={data.rating?.rate ?? 0} />
      {!compact && <span className="w-full text-slate-500">{RATING_MESSAGES.alreadyRatedProject}</span>}
    </div>
  ) : (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {!compact && (
        <p className="text-sm text-slate-700">
          The project is completed. How was working with {receiverName}?
        </p>
      )}
      <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
        <Star className="h-4 w-4" aria-hidden />
        {label}
      </button>
      <RatingDialog
        open={open}
        onOpenChange={setOpen}
        receiverId={receiverId}
        receiverName={receiverName}
        receiverRole={receiverRole}
        projects={[{ id: projectId, title: projectTitle, rated: false }]}
        fixedProjectId={projectId}
      />
    </div>
  );
  if (compact) return body;
  return (
    <section className="card p-4 sm:p-5" aria-label={label}>
      {body}
    </section>
  );
}
