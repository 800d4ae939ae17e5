import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BACKUP_MEDIA_TYPE, BackupArchive } from '../../src/domain/contracts/adminBackup';
import { errorAnswers } from '../../src/domain/contracts/errors';
import { performOperatorAction } from './operatorAction';
import { actorOf } from '../admin/operatorActor';
import { HttpError } from '../httpError';
import { adminPaths } from '../../src/domain/contracts/adminPaths';
import { adminOperation } from './adminOperation';
import type { AdminRouteOptions } from './adminRoutes';

const MEGABYTE = 1024 * 1024;

/**
 * `npm run db -- backup FILE` while a server owns the embedded database: the folder can only be
 * read consistently by the process that has it open. The command line alone may ask (the archive
 * is everything, sessions' hashes included); a console session is refused. Recorded in the audit
 * trail once the archive is made, as every export of personal data is.
 */
export const backupAdminRoutes: FastifyPluginAsyncTypebox<AdminRouteOptions> = async (app, { database }) => {
  app.post(
    adminPaths.createBackup.path,
    {
      schema: adminOperation({
        summary: 'Back up the embedded database',
        operationId: 'createBackup',
        description:
          'The embedded database’s folder as a gzipped tar archive, taken between transactions while the server runs; for the command line only (the admin token). Recorded in the audit trail. On PostgreSQL, 409: back it up with pg_dump.',
        response: {
          200: { description: 'The archive.', content: { [BACKUP_MEDIA_TYPE]: { schema: BackupArchive } } },
          ...errorAnswers(403, 409),
        },
      }),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!actor.name.startsWith('cli:')) {
        throw new HttpError(403, 'A backup is taken on the server’s machine: npm run db -- backup FILE.');
      }
      const dump = database.dumpDataDir;
      if (!dump) {
        throw new HttpError(
          409,
          'This server runs on PostgreSQL: back it up with pg_dump (docs/backups.md).',
        );
      }
      const archive = await dump();
      await performOperatorAction(
        database.db,
        { actor, action: 'db.backup', target: null },
        false,
        async () => ({
          result: undefined,
          effect: `backed up the embedded database (${(archive.length / MEGABYTE).toFixed(1)} MB)`,
        }),
      );
      return reply
        .type(BACKUP_MEDIA_TYPE)
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.length));
    },
  );
};
