import { data } from 'react-router';
import { readForm } from '#app/http/form.server.ts';
import { rowActionSchema } from '#app/schemas/content-list.ts';
import type { WriteFailure } from '#app/services/content/results.ts';

/** Reads a list row's action (trash, restore, delete) or answers 400. */
export async function readRowAction(request: Request) {
  const parsed = rowActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ message: 'Unknown action.' }, { status: 400 });
  return parsed.data;
}

/** A refused write that the form cannot show: 403 for a forbidden one, 404 for a missing item. */
export function refusal(failure: WriteFailure, kind: 'page' | 'post'): never {
  if (failure.reason === 'forbidden') throw data({ message: 'You do not have permission to do this.' }, { status: 403 });
  if (failure.reason === 'not-found') throw data({ message: `This ${kind} no longer exists.` }, { status: 404 });
  throw data({ message: 'This change could not be made.' }, { status: 409 });
}

/** The list's own URL (with its search and page) to come back to after a row action. */
export function backToList(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
