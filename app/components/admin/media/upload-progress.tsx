import { AlertCircle, CheckCircle2, X } from 'lucide-react';

import type { UploadState } from './use-media-upload.ts';

const STATUS_TEXT: Record<UploadState['status'], string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  done: 'Uploaded',
  error: 'Failed',
};

/** One progress bar per file being uploaded. */
export function UploadProgress({ uploads, onDismiss }: { uploads: UploadState[]; onDismiss: () => void }) {
  if (!uploads.length) return null;
  const finished = uploads.every((upload) => upload.status === 'done' || upload.status === 'error');
  return (
    <section aria-label="Uploads" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-gray-900">Uploads</h2>
        {finished ? (
          <button type="button" onClick={onDismiss} className="rounded p-1 text-gray-500 hover:bg-gray-100" aria-label="Dismiss uploads">
            <X className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      <ul className="space-y-3">
        {uploads.map((upload) => (
          <li key={upload.id} className="text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="truncate font-medium text-gray-800">{upload.name}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-gray-600">
                {upload.status === 'done' ? <CheckCircle2 className="size-4 text-green-600" aria-hidden /> : null}
                {upload.status === 'error' ? <AlertCircle className="size-4 text-red-600" aria-hidden /> : null}
                {STATUS_TEXT[upload.status]}
                {upload.status === 'uploading' ? ` ${upload.progress}%` : ''}
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={`Upload of ${upload.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress}
              className="mt-1 h-2 overflow-hidden rounded-full bg-gray-100"
            >
              <div
                className={`h-full rounded-full transition-[width] ${upload.status === 'error' ? 'bg-red-500' : upload.status === 'done' ? 'bg-green-500' : 'bg-blue-600'}`}
                style={{ width: `${upload.progress}%` }}
              />
            </div>
            {upload.message ? <p className="mt-1 text-xs text-red-700">{upload.message}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
