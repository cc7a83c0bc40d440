// A submission notification (a new version, an edit, the client's decision) concerns
// /submissions/{projectId}: what is on screen for that project is out of date, so it is
// read again, and the other side sees the change without reloading.
import { useSocketEvent } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store';
import { submissionsChanged } from './api';
import { projectOfSubmissionLink } from './format';

export function useLiveSubmissions() {
  const dispatch = useAppDispatch();
  useSocketEvent('new-notification', (n) => {
    const projectId = projectOfSubmissionLink(n.notification_link);
    if (projectId) dispatch(submissionsChanged(projectId));
  });
}
