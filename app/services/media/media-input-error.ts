/** A refused upload or edit: the message is shown to the user as is, with this HTTP status. */
export class MediaInputError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 413 | 415 | 422 | 503 = 400,
  ) {
    super(message);
    this.name = 'MediaInputError';
  }
}
