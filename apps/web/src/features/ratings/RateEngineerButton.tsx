// The engineer profile's 'Submit Rating' (spec §2): a signed-in client picks one of the
// completed projects the engineer did for them and rates it; once every one is rated the
// button gives way to 'You have already rated this engineer.'.
import { RATING_MESSAGES } from '@app/shared';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../lib/lazyStore';
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
  if (projects.length > 0 && projects.every((p) => p.rated))
    return (
      <p className="text-sm font-medium text-slate-600" role="status">
        {RATING_MESSAGES.alreadyRatedEngineer}
      </p>
    );
  return (
    <>
      <button type="button" className="btn-secondary w-full sm:w-auto" onClick={() => setOpen(true)}>
        <Star className="h-4 w-4" aria-hidden />
        Submit Rating
      </button>
      <RatingDialog
        open={open}
        onOpenChange={setOpen}
        receiverId={engineerId}
        receiverName={engineerName}
        projects={projects}
      />
    </>
  );
}
