// The message box (docs/PRODUCT.md#validation: text or a file, otherwise Send is disabled). A chosen file is
// uploaded at once through POST /api/files?kind=chat_attachment with a progress bar, and
// sent with the message. Enter sends; the box empties at once so the next message can be
// written, and a refused one comes back with the server's message. Shift+Enter starts a new
// line. Typing tells the room.
import { canSendMessage, MAX_MESSAGE_LENGTH } from '@app/shared';
import { Loader2, Paperclip, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { UploadProgress } from '../../components/form/UploadProgress';
import { useAppDispatch, useAppSelector } from '../../lib/store';
import { uploadFile } from '../../lib/upload';
import { attachmentName } from './conversation';
import type { SendResult } from './useConversation';

export const UPLOAD_FAILED = 'File upload failed.';

export function Composer({
  onSend,
  onTyping,
  connected,
}: {
  onSend: (text: string, attachment: string | null) => Promise<SendResult>;
  onTyping: () => void;
  connected: boolean;
}) {
  const token = useAppSelector((s) => s.session.token);
  const dispatch = useAppDispatch();
  const textId = useId();
  const errorId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<{ link: string; name: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const uploading = progress !== null;
  const ready = canSendMessage(text, attachment?.link) && !uploading && connected;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const link = await uploadFile(file, 'chat_attachment', { token, dispatch, onProgress: setProgress });
      setAttachment({ link, name: file.name });
    } catch (e) {
      const message = (e as { data?: { message?: unknown } })?.data?.message;
      setError(typeof message === 'string' && message ? `${UPLOAD_FAILED} ${message}` : UPLOAD_FAILED);
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!ready) return;
    // The box empties at once, so the next message can be written while this one travels.
    const sentText = text.trim();
    const sentFile = attachment;
    setText('');
    setAttachment(null);
    setSending((n) => n + 1);
    setError(null);
    const result = await onSend(sentText, sentFile?.link ?? null);
    setSending((n) => n - 1);
    if (!result.ok) {
      // Give the refused message back, unless something new was written meanwhile.
      setText((now) => (now ? now : sentText));
      setAttachment((now) => now ?? sentFile);
      setError(result.message);
    }
    textRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-slate-200 bg-white p-3" aria-label="Send a message">
      {error && (
        <p id={errorId} role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {uploading && (
        <div className="mb-2 flex items-center gap-2 text-xs text-slate-600">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Uploading…
          <UploadProgress value={progress} className="flex-1" />
        </div>
      )}
      {attachment && (
        <div className="mb-2 flex items-center gap-2">
          <span
            className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-800"
            data-testid="composer-attachment"
          >
            <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="truncate">{attachment.name || attachmentName(attachment.link)}</span>
          </span>
          <button
            type="button"
            onClick={() => setAttachment(null)}
            className="grid h-7 w-7 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
            aria-label="Remove attachment"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileRef}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose a file to attach"
          accept="image/png,image/jpeg,image/webp,image/gif,application/pdf,.pdf,.docx,.xlsx,.pptx,.dwg"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => fileRef.current?.click()}
          disabled={uploading}
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand-700 disabled:opacity-50"
          aria-label="Attach a file"
          title="Attach a file"
        >
          <Paperclip className="h-5 w-5" aria-hidden />
        </button>
        <label htmlFor={textId} className="sr-only">
          Message
        </label>
        <textarea
          id={textId}
          ref={textRef}
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          placeholder="Write a message…"
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className="input max-h-40 min-h-10 flex-1 resize-none py-2"
        />
        <button
          type="submit"
          disabled={!ready}
          className="btn-primary h-10 shrink-0 px-3 sm:px-4"
          title={connected ? undefined : 'Waiting for the connection…'}
        >
          {sending > 0 ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <SendHorizontal className="h-4 w-4" aria-hidden />
          )}
          <span className="max-sm:sr-only">Send</span>
        </button>
      </div>
    </form>
  );
}
