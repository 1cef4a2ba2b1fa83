import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';

import type { MediaItem } from '#app/lib/media-item.ts';

export interface UploadState {
  id: string;
  name: string;
  /** 0 to 100: bytes sent so far. */
  progress: number;
  status: 'uploading' | 'processing' | 'done' | 'error';
  message?: string;
}

export const UPLOAD_URL = '/admin/media/upload';

/** Sends one file; XMLHttpRequest because fetch() cannot report upload progress. */
function sendFile(file: File, onProgress: (percent: number) => void): Promise<MediaItem[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { items?: MediaItem[]; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // a proxy's or the size guard's plain-text answer
        body = { message: xhr.responseText.slice(0, 200) };
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.items) resolve(body.items);
      else reject(new Error(body.message || `The upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error(`"${file.name}" could not be sent: check your connection.`));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/**
 * Uploads files one request each, so each has its own progress bar and a
 * refused file does not stop the others. Shows the spec's toast when all
 * succeeded and one error toast per refused file.
 */
export function useMediaUpload(onUploaded: (items: MediaItem[]) => void) {
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = useCallback((id: string, change: Partial<UploadState>) => {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));
  }, []);

  const start = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      const batch = files.map((file) => ({
        file,
        state: { id: crypto.randomUUID(), name: file.name, progress: 0, status: 'uploading' as const },
      }));
      setUploads((current) => [...current.filter((upload) => upload.status !== 'done'), ...batch.map((entry) => entry.state)]);
      const results = await Promise.allSettled(
        batch.map(async ({ file, state }) => {
          try {
            const items = await sendFile(file, (progress) =>
              update(state.id, { progress, status: progress >= 100 ? 'processing' : 'uploading' }),
            );
            update(state.id, { progress: 100, status: 'done' });
            return items;
          } catch (error) {
            const message = (error as Error).message;
            update(state.id, { status: 'error', message });
            toast.error(message);
            throw error;
          }
        }),
      );
      const uploaded = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
      if (uploaded.length && results.every((result) => result.status === 'fulfilled')) toast.success('Files uploaded successfully');
      if (uploaded.length) onUploaded(uploaded);
    },
    [onUploaded, update],
  );

  const dismiss = useCallback(
    () => setUploads((current) => current.filter((upload) => upload.status === 'uploading' || upload.status === 'processing')),
    [],
  );
  return { uploads, start, dismiss };
}
