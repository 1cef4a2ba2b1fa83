// Control characters and bidirectional overrides: invisible, and able to disguise a name ("gpj.exe").
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME_LENGTH = 200;

/**
 * A sender's file name made fit for display: no directories ('../x', 'C:\\x'),
 * no control or direction characters, bounded length. It is only ever shown;
 * files are stored under generated names.
 */
export function displayFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE_CHARACTERS, '').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH);
  return clean && clean !== '.' && clean !== '..' ? clean : 'file';
}

/** Title and alt text derived from a file name: the name without its extension. */
export function titleFromFileName(name: string): string {
  const display = displayFileName(name);
  const withoutExtension = display.replace(/\.[^.]{1,10}$/, '').trim();
  return withoutExtension || display;
}
