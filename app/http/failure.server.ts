import type { Submission, SubmissionResult } from '@conform-to/react';
import { data } from 'react-router';

import type { Failure } from '#app/services/failures.ts';

/**
 * The one reply of an admin action that does not redirect: Conform's submission result (field errors beside the
 * fields, form-level messages under ''), `conflict` when someone else saved first (the form offers a reload), and
 * `intent`, which of the screen's forms or row actions it answers. A screen shows a form's reply beside the form
 * (FormAlert) and a row action's as an error toast (useRowFailureToast).
 */
export interface ActionReply {
  result: SubmissionResult<string[]>;
  conflict?: boolean;
  intent?: string;
}

const DEFAULT_MESSAGES: Record<Failure['reason'], string> = {
  forbidden: 'You do not have permission to do this.',
  'not-found': 'This item no longer exists.',
  conflict: 'This item was changed by someone else since you opened it. Your changes have not been saved.',
  invalid: 'Some fields need your attention.',
  'rate-limited': 'Too many attempts. Please wait a moment and try again.',
};

const STATUS: Record<Failure['reason'], number> = {
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  invalid: 400,
  'rate-limited': 429,
};

export function failureMessage(failure: Failure): string {
  return failure.message ?? DEFAULT_MESSAGES[failure.reason];
}

export function failureStatus(failure: Failure): number {
  return STATUS[failure.reason];
}

/**
 * A failure the screen cannot show beside a field (forbidden, not found, rate limited) as a thrown
 * status page; the route's error boundary shows it. Use from loaders and non-form actions.
 */
export function throwFailure(failure: Failure): never {
  const headers: HeadersInit = failure.reason === 'rate-limited' ? { 'Retry-After': String(failure.retryAfterSeconds) } : {};
  throw data({ message: failureMessage(failure) }, { status: failureStatus(failure), headers });
}

/**
 * The one way an admin form action answers a failure: invalid and conflict go back to the form as
 * Conform's `submission.reply` (field errors beside the fields, a form alert for the rest), with
 * `conflict: true` so the form can offer a reload; rate-limited too, with its Retry-After; everything
 * else becomes a status page. `hideFields` are never sent back (passwords).
 */
export function replyWithFailure<Output>(submission: Submission<Output>, failure: Failure, options: { hideFields?: string[] } = {}) {
  const { hideFields } = options;
  if (failure.reason === 'invalid') {
    return data<ActionReply>(
      {
        result: submission.reply({ fieldErrors: failure.fieldErrors, formErrors: failure.formErrors, hideFields }) as SubmissionResult<
          string[]
        >,
        conflict: false,
      },
      { status: 400 },
    );
  }
  if (failure.reason === 'conflict' || failure.reason === 'rate-limited') {
    const headers: HeadersInit = failure.reason === 'rate-limited' ? { 'Retry-After': String(failure.retryAfterSeconds) } : {};
    return data<ActionReply>(
      {
        result: submission.reply({ formErrors: [failureMessage(failure)], hideFields }) as SubmissionResult<string[]>,
        conflict: failure.reason === 'conflict',
      },
      { status: failureStatus(failure), headers },
    );
  }
  throwFailure(failure);
}

/** A submission that did not pass its schema, answered in the same shape as `replyWithFailure`. */
export function replyInvalid<Output>(submission: Submission<Output>) {
  return data<ActionReply>({ result: submission.reply() as SubmissionResult<string[]>, conflict: false }, { status: 400 });
}

/**
 * A refusal said beside the form, with its own status (403 for a guard or someone else's item, 404 for a gone
 * one), where a status page would replace the screen: the user and role forms, Edit Media's dialog.
 */
export function replyRefused<Output>(submission: Submission<Output>, failure: Failure) {
  return data<ActionReply>(
    { result: submission.reply({ formErrors: [failureMessage(failure)] }) as SubmissionResult<string[]>, conflict: false },
    { status: failureStatus(failure) },
  );
}

/**
 * The one rule for a row action's failure (delete, activate, revoke, upload…): answered, never thrown, with its
 * status, as an ActionReply whose form-level message the screen shows as an error toast.
 */
export function replyRowFailure(failure: Failure | string, options: { intent?: string; status?: number } = {}) {
  const message = typeof failure === 'string' ? failure : failureMessage(failure);
  const status = options.status ?? (typeof failure === 'string' ? 400 : failureStatus(failure));
  return data<ActionReply>({ result: { status: 'error', error: { '': [message] } }, intent: options.intent }, { status });
}
