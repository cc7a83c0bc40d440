// The engineer profile's 'Submit Rating' (docs/PRODUCT.md#screens): a signed-in client picks one of the
// completed projects the engineer did for them and rates it; the ratings given show below
// it, and once every one is rated the button gives way to 'You have already rated this
// engineer.'.
import { RATING_MESSAGES } from '@app/shared';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/lazyStore';
import { Stars } from '../engineers';
import { useCompletedProjectsQuery } from './api';
import { RatingDialog } from './RatingDialog';

export function RateEngineerButton({
  engineerId,
  engineerName,
}: {
  engineerId: string;
  engineerName: string;
}) {
  const me = useCurrentUser();
  const isClient = me?.role === 'client';
  const [open, setOpen] = useState(false);
  const { data: projects } = useCompletedProjectsQuery(
    { clientId: me?.id ?? '', engineerId },
    { skip: !isClient },
  );
  if (!isClient || !projects) return null;
  const given = projects.filter((p) => p.rated && p.my_rate !== null);
  const ratingsGiven = given.length > 0 && (
    <ul className="space-y-1 text-sm text-slate-700" aria-label="Your ratings">
      {given.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-2">
          <span>
            You rated {engineerName} for <span className="font-medium">{p.title}</span>
          </span>
          <Stars value={p.my_rate ?? 0} />
        </li>
      ))}
    </ul>
  );
  if (projects.length > 0 && projects.every((p) => p.rated))
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-600" role="status">
          {RATING_MESSAGES.alreadyRatedEngineer}
        </p>
        {ratingsGiven}
      </div>
    );
  return (
    <div className="space-y-2">
      <button type="button" className="btn-secondary w-full sm:w-auto" onClick={() => setOpen(true)}>
        <Star className="h-4 w-4" aria-hidden />
        Submit Rating
      </button>
      {ratingsGiven}
      <RatingDialog
        open={open}
        onOpenChange={setOpen}
        receiverId={engineerId}
        receiverName={engineerName}
        receiverRole="engineer"
        projects={projects}
      />
    </div>
  );
}
