/** "+12.5%", "-3%", "New" (nothing before), "0%": a figure against the same length of time before. */
export function trendLabel(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0%' : 'New';
  const change = ((current - previous) / previous) * 100;
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/** 14200 → "14.2k", as the dashboard's cards write large figures. */
export function compactNumber(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${Math.round(value / 100) / 10}k`;
  return `${Math.round(value / 100_000) / 10}M`;
}
