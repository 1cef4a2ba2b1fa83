import type { ThemeSettings } from '#app/lib/theme/model.ts';
import { DARK_PRESET, DEFAULT_PRESET } from '#app/lib/theme/presets.ts';

/**
 * The two seeded themes (docs/product.md, Data: Theme): each starts from a preset, with the spec's
 * colours, fonts and spacing (Default Light: 2rem and 4rem are 32 and 64 px) over it.
 */
const specLook = { headingsFont: 'Poppins', bodyFont: 'Inter', containerPadding: 32, sectionSpacing: 64 } as const;

export const seedThemes: { id: string; name: string; description: string; isActive: boolean; settings: ThemeSettings }[] = [
  {
    id: 'default',
    name: 'Default Light',
    description: 'A clean, bright theme with blue and green accents.',
    isActive: true,
    settings: {
      ...DEFAULT_PRESET,
      linkColor: '#2563eb',
      linkHoverColor: '#1d4ed8',
      menuColor: '#1f2937',
      menuHoverColor: '#2563eb',
      primaryColor: '#3B82F6',
      secondaryColor: '#10B981',
      backgroundColor: '#FFFFFF',
      textColor: '#1F2937',
      headingsColor: '#111827',
      ...specLook,
    },
  },
  {
    id: 'modern-dark',
    name: 'Modern Dark',
    description: 'A dark theme with soft blue and mint accents for low-light reading.',
    isActive: false,
    settings: {
      ...DARK_PRESET,
      primaryColor: '#60A5FA',
      secondaryColor: '#34D399',
      backgroundColor: '#111827',
      textColor: '#E5E7EB',
      headingsColor: '#F9FAFB',
      ...specLook,
    },
  },
];
