import { Type } from '@sinclair/typebox';

/**
 * `POST /api/admin/backups` (`npm run db -- backup FILE` while a server runs): the embedded
 * database's folder as one gzipped tar archive, which `npm run db -- restore FILE` puts back.
 */
export const BACKUP_MEDIA_TYPE = 'application/gzip';

export const BackupArchive = Type.Unsafe<Uint8Array>({
  type: 'string',
  format: 'binary',
  description: 'A gzipped tar archive of the embedded database’s folder.',
  // The first bytes of every gzip stream, in base64.
  examples: ['H4sIAAAAAAAAA+w9a3PbRpL5vL8Ci6'],
});
