import { data } from 'react-router';

import { requireScreen } from '#app/http/guard.server.ts';
import { commenterEmailSchema } from '#app/schemas/comment.ts';
import { exportCommentsByEmail } from '#app/services/comments/comment-privacy.server.ts';

import type { Route } from './+types/export-json';

/** A data-protection access request: everything stored about one commenter, by e-mail, as a JSON download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireScreen(request, 'comments');
  const parsed = commenterEmailSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw data({ message: parsed.error.issues[0]!.message }, { status: 400 });
  const comments = await exportCommentsByEmail(parsed.data.email);
  return new Response(JSON.stringify({ email: parsed.data.email, exportedAt: new Date().toISOString(), comments }, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="comments-export.json"',
      'Cache-Control': 'no-store',
    },
  });
}
