import type { ThemeSettings } from '#app/lib/theme/model.ts';

export type ThumbnailSettings = Pick<
  ThemeSettings,
  | 'backgroundColor'
  | 'primaryColor'
  | 'secondaryColor'
  | 'textColor'
  | 'headingsColor'
  | 'headerColor'
  | 'footerColor'
  | 'menuColor'
  | 'cardBackground'
  | 'headingsFont'
  | 'bodyFont'
  | 'buttonBorderRadius'
  | 'cardBorderRadius'
>;

const family = (font: string) => `'${font}', ui-sans-serif, system-ui, sans-serif`;

/**
 * A small picture of the site in a theme, drawn from its settings: the header with its menu, a hero
 * with a heading in the heading font and its two buttons, three cards and the footer.
 */
export function ThemeThumbnail({ settings, name }: { settings: ThumbnailSettings; name: string }) {
  const s = settings;
  const button = Math.min(s.buttonBorderRadius, 8);
  const card = Math.min(s.cardBorderRadius, 10);
  return (
    <svg viewBox="0 0 320 180" role="img" aria-label={`Preview of the ${name} theme`} className="block h-auto w-full">
      <rect width="320" height="180" fill={s.backgroundColor} />
      <rect width="320" height="22" fill={s.headerColor} />
      <circle cx="14" cy="11" r="5" fill={s.primaryColor} />
      <text x="24" y="15" fontSize="9" fontWeight="700" fill={s.headingsColor} fontFamily={family(s.headingsFont)}>
        Atelier
      </text>
      {[0, 1, 2, 3].map((i) => (
        <rect key={i} x={200 + i * 28} y="9" width="20" height="4" rx="2" fill={s.menuColor} opacity="0.8" />
      ))}
      <text x="20" y="52" fontSize="17" fontWeight="700" fill={s.headingsColor} fontFamily={family(s.headingsFont)}>
        Aa Heading
      </text>
      <text x="20" y="68" fontSize="8" fill={s.textColor} fontFamily={family(s.bodyFont)}>
        Body text in {s.bodyFont}, headings in {s.headingsFont}
      </text>
      <rect x="20" y="78" width="54" height="15" rx={button} fill={s.primaryColor} />
      <rect x="80" y="78" width="54" height="15" rx={button} fill={s.secondaryColor} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect
            x={20 + i * 96}
            y="104"
            width="88"
            height="46"
            rx={card}
            fill={s.cardBackground}
            stroke={s.textColor}
            strokeOpacity="0.15"
          />
          <rect x={28 + i * 96} y="113" width="40" height="5" rx="2" fill={s.headingsColor} />
          <rect x={28 + i * 96} y="124" width="70" height="3" rx="1.5" fill={s.textColor} opacity="0.6" />
          <rect x={28 + i * 96} y="131" width="56" height="3" rx="1.5" fill={s.textColor} opacity="0.6" />
        </g>
      ))}
      <rect y="160" width="320" height="20" fill={s.footerColor} />
      <rect x="20" y="168" width="60" height="4" rx="2" fill={s.textColor} opacity="0.5" />
    </svg>
  );
}
