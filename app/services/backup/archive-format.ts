/** What an Atelier backup archive holds (a .tar.gz): `manifest.json`, `tables/<table>.jsonl`, `uploads/<key>`. */
export const BACKUP_FORMAT = 'atelier-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface ManifestEntry {
  /** Path inside the archive. */
  path: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The database it was taken from: sqlite or postgres. */
  source: 'sqlite' | 'postgres';
  /** The last migration applied: the schema the rows fit. */
  schemaVersion: string;
  migrations: string[];
  /** Per table: its rows (one JSON object per line, keys sorted) and their count. */
  tables: Array<ManifestEntry & { table: string; rows: number }>;
  /** Every uploaded file and variant the media rows name, by storage key. */
  files: Array<ManifestEntry & { key: string }>;
  /** Keys a media row names that were not on the disk when the backup ran. */
  missingFiles: string[];
}

export const tableEntryPath = (table: string) => `tables/${table}.jsonl`;
export const uploadEntryPath = (key: string) => `uploads/${key}`;
