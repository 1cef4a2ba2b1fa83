/** WCAG contrast helpers, so theme colours chosen by editors still give readable text. */
import namedColors from 'color-name';

type Rgb = [number, number, number];

/** The CSS named colours (`rebeccapurple`), and `transparent`, which names no channels. */
export function isNamedColor(value: string): boolean {
  const name = value.trim().toLowerCase();
  return name === 'transparent' || Object.hasOwn(namedColors, name);
}

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

/** A colour as the contrast check reads it: its channels and its opacity (0 to 1). */
export interface ParsedColor {
  rgb: Rgb;
  alpha: number;
}

const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** A number of a colour function: `50%` is half of `max`; a bare number is taken as is (degrees for a hue). */
function channel(token: string, max: number): number {
  return token.endsWith('%') ? (parseFloat(token) / 100) * max : parseFloat(token.replace(/deg$/i, ''));
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 30;
  const s = clamp(saturation, 100) / 100;
  const l = clamp(lightness, 100) / 100;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h) % 12;
    return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return [f(0), f(8), f(4)];
}

/**
 * Every colour form the theme schema accepts: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() and
 * hsl()/hsla() (comma or space syntax), the CSS named colours, and `transparent`.
 */
export function parseCssColor(value: string): ParsedColor | null {
  const text = value.trim();
  const name = text.toLowerCase();
  if (name === 'transparent') return { rgb: [0, 0, 0], alpha: 0 };
  if (Object.hasOwn(namedColors, name)) return { rgb: [...namedColors[name as keyof typeof namedColors]], alpha: 1 };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((d) => d + d).join('') : hex;
    const bytes = digits.match(/../g)!.map((pair) => parseInt(pair, 16));
    return { rgb: [bytes[0]!, bytes[1]!, bytes[2]!], alpha: bytes.length === 4 ? bytes[3]! / 255 : 1 };
  }
  const call = /^(rgba?|hsla?)\(([^()]*)\)$/i.exec(text);
  if (!call) return null;
  const tokens = call[2]!.split(/[\s,/]+/).filter(Boolean);
  if (tokens.length !== 3 && tokens.length !== 4) return null;
  if (tokens.some((token) => !/^-?(?:\d+(?:\.\d+)?|\.\d+)(?:%|deg)?$/i.test(token))) return null;
  const alpha = tokens[3] === undefined ? 1 : clamp(channel(tokens[3], 1), 1);
  if (call[1]!.toLowerCase().startsWith('rgb')) {
    const [r, g, b] = tokens.map((token) => clamp(channel(token, 255), 255));
    return { rgb: [r!, g!, b!], alpha };
  }
  return { rgb: hslToRgb(channel(tokens[0]!, 360), parseFloat(tokens[1]!), parseFloat(tokens[2]!)), alpha };
}

/** `color` as it shows over an opaque `backdrop` (its opacity mixed in). */
export function blendOver(color: ParsedColor, backdrop: Rgb): Rgb {
  return color.rgb.map((c, i) => c * color.alpha + backdrop[i]! * (1 - color.alpha)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two opaque colours. */
export function rgbContrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  return rgbContrastRatio(ca, cb);
}

/**
 * `color` moved towards black or white (whichever `against` is not) in small
 * steps until it reaches `ratio` against `against`; unchanged when it already does.
 */
export function ensureContrast(color: string, against: string, ratio = 4.5): string {
  const start = parseHex(color);
  const background = parseHex(against);
  if (!start || !background) return color;
  // As written when it already reads, so the site serves the theme's own value.
  if (contrastRatio(color, against) >= ratio) return color;
  const target: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step++) {
    const mixed = start.map((c, i) => c + (target[i]! - c) * (step / 20)) as Rgb;
    const hex = toHex(mixed);
    if (contrastRatio(hex, against) >= ratio) return hex;
  }
  return toHex(target);
}

/** `from` moved `amount` (0–1) of the way towards `to`; `from` unchanged when either is not a hex colour. */
export function mixTowards(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  if (!a || !b) return from;
  return toHex(a.map((c, i) => c + (b[i]! - c) * amount) as Rgb);
}

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111111', background) ? '#ffffff' : '#111111';
}
