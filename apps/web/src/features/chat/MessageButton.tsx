// 'Message' on a project page, for its client and the engineer they hired: finds the deal's
// room (POST /api/chat/rooms/find) and opens it in the inbox.
import { MessageSquare } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/toast/toast';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { type Deal, useFindChatRoomMutation } from './api';
import { inboxPath } from './paths';

export function MessageButton({ deal, label = 'Message' }: { deal: Deal; label?: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [find, { isLoading }] = useFindChatRoomMutation();
  if (!user) return null;
  const open = async () => {
    const result = await find(deal);
    if (result.data) navigate(inboxPath(user.id, result.data.id));
    else toast.error(errorMessage(result.error, 'Could not open the chat.'));
  };
  return (
    <button type="button" onClick={open} disabled={isLoading} className="btn-secondary w-full">
      <MessageSquare className="h-4 w-4" aria-hidden />
      {label}
    </button>
  );
}
