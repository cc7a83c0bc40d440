// Uploads one file to POST /api/files?kind=... with XMLHttpRequest, because fetch cannot
// report upload progress. Answers the stored file's site-relative link (/files/<name>).
import type { FileKind } from '@app/shared';
import type { Dispatch } from '@reduxjs/toolkit';
import { type HttpFailure, signOutOn401 } from './http';

export function uploadFile(
  file: File,
  /** What the file is for: it decides the formats allowed and who may open it. */
  kind: FileKind,
  opts: {
    token?: string | null;
    /** Given with a token: a 401 then signs the user out, as every other call does. */
    dispatch?: Dispatch;
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/files?kind=${kind}`);
    if (opts.token) xhr.setRequestHeader('authorization', `Bearer ${opts.token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const data = xhr.response as { secure_url?: unknown; message?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && typeof data?.secure_url === 'string') {
        opts.onProgress?.(100);
        resolve(data.secure_url);
      } else {
        if (opts.dispatch) signOutOn401(opts.dispatch, xhr.status, !!opts.token);
        reject({ status: xhr.status, data } satisfies HttpFailure);
      }
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies HttpFailure);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR' } satisfies HttpFailure);
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
