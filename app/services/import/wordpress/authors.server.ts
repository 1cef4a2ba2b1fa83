import { newId, nowIso } from '#app/lib/ids.ts';
import { ALREADY } from '#app/lib/import-report.ts';
import { publicWrite } from '#app/services/public-write.server.ts';

import { clip, type ImportRun, ItemFailure } from './run-context.server.ts';

/** Authors: pending users (an administrator sends the invitation), or the user who already has that e-mail. */
export async function importAuthors(run: ImportRun): Promise<void> {
  const { db, dryRun, report, userByLogin } = run;
  for (const author of run.authors) {
    report.types.authors.found++;
    const label = `author ${author.login || '(no login)'}`;
    await run.attempt('authors', label, async () => {
      if (!author.login) throw new ItemFailure('it has no wp:author_login');
      const known = await run.mapped('author', author.login);
      if (known) {
        userByLogin.set(author.login, { id: known, name: author.displayName });
        return { skipped: ALREADY };
      }
      const email = author.email.toLowerCase();
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ItemFailure(`no usable e-mail address (“${author.email}”)`);
      const existing = await db.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
      if (existing) {
        userByLogin.set(author.login, existing);
        if (!dryRun) await publicWrite((trx) => run.remember(trx, 'author', author.login, existing.id));
        return { skipped: `${email} is already a user here (their posts are theirs)` };
      }
      const role = await db.selectFrom('roles').select('id').where('id', 'in', ['author', 'contributor']).orderBy('id').executeTakeFirst();
      if (!role) throw new ItemFailure('there is no author or contributor role to give them');
      const id = newId();
      userByLogin.set(author.login, { id, name: author.displayName });
      if (dryRun) return 'imported';
      await publicWrite(async (trx) => {
        const now = nowIso();
        await trx
          .insertInto('users')
          .values({
            id,
            email,
            name: clip(author.displayName, 100),
            password_hash: null,
            role_id: role.id,
            status: 'pending',
            avatar: null,
            last_login_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await run.remember(trx, 'author', author.login, id);
      });
      return 'imported';
    });
  }
}
