// A message's attachment. Chat files are private (the room's two members): they are read
// with the session's token, so an image preview is fetched and shown from a blob URL, and
// every file has a link that downloads it.
import { Download, FileText, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PrivateFileLink } from '../../components/PrivateFileLink';
import { useAppSelector } from '../../lib/store';
import { attachmentLabel, isImageLink } from './conversation';

export function Attachment({
  link,
  name,
  own,
  senderName,
}: {
  link: string;
  /** The name its sender gave the file; null for files sent before names were kept. */
  name: string | null;
  own: boolean;
  senderName: string;
}) {
  const linkClass = `inline-flex max-w-full items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium underline-offset-2 hover:underline ${
    own ? 'bg-brand-700 text-white' : 'bg-white text-brand-700 ring-1 ring-slate-200'
  }`;
  return (
    <div className="mt-1 space-y-1">
      {isImageLink(link) && <ImagePreview link={link} alt={`Attachment sent by ${senderName}`} />}
      <PrivateFileLink href={link} className={linkClass}>
        {isImageLink(link) ? (
          <Download className="h-4 w-4 shrink-0" aria-hidden />
        ) : (
          <FileText className="h-4 w-4 shrink-0" aria-hidden />
        )}
        <span className="truncate">{name ?? `Download ${attachmentLabel(link)}`}</span>
      </PrivateFileLink>
    </div>
  );
}

function ImagePreview({ link, alt }: { link: string; alt: string }) {
  const token = useAppSelector((s) => s.session.token);
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(link, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [link, token]);
  if (failed)
    return (
      <span className="flex items-center gap-2 text-xs text-slate-600">
        <ImageOff className="h-4 w-4" aria-hidden /> Preview unavailable
      </span>
    );
  // The preview takes the placeholder's box, whatever the image's shape: a box that took the
  // image's size when it arrived moved every message below it (a layout shift).
  if (!url) return <span className="block h-40 w-56 max-w-full animate-pulse rounded-lg bg-slate-200" />;
  return (
    <img src={url} alt={alt} className="block h-40 w-56 max-w-full rounded-lg bg-slate-100 object-contain" />
  );
}
