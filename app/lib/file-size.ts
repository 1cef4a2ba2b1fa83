const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Spec 9: Bytes, KB, MB, GB, base 1024, at most 2 decimals (1536 → "1.5 KB"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`;
}
