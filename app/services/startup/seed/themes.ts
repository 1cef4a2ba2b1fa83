import { DARK_PRESET, DEFAULT_PRESET, settingsFromStyles, type ThemeSettings } from '#app/lib/theme-model.ts';

/** The two seeded themes (docs/product.md, Data: Theme): their styles win over the preset they start from. */
const defaultStyles = {
  colors: { primary: '#3B82F6', secondary: '#10B981', background: '#FFFFFF', text: '#1F2937', headings: '#111827' },
  fonts: { heading: 'Poppins', body: 'Inter' },
  spacing: { containerPadding: '2rem', sectionSpacing: '4rem' },
};
const darkStyles = {
  colors: { primary: '#60A5FA', secondary: '#34D399', background: '#111827', text: '#E5E7EB', headings: '#F9FAFB' },
  fonts: { heading: 'Poppins', body: 'Inter' },
  spacing: { containerPadding: '2rem', sectionSpacing: '4rem' },
};

export const seedThemes: { id: string; name: string; description: string; thumbnail: string; isActive: boolean; settings: ThemeSettings }[] = [
  {
    id: 'default',
    name: 'Default Light',
    description: 'A clean, bright theme with blue and green accents.',
    thumbnail: '/themes/default-light.svg',
    isActive: true,
    settings: { ...DEFAULT_PRESET, linkColor: '#2563eb', linkHoverColor: '#1d4ed8', menuColor: '#1f2937', menuHoverColor: '#2563eb', ...settingsFromStyles(defaultStyles) },
  },
  {
    id: 'modern-dark',
    name: 'Modern Dark',
    description: 'A dark theme with soft blue and mint accents for low-light reading.',
    thumbnail: '/themes/modern-dark.svg',
    isActive: false,
    settings: { ...DARK_PRESET, ...settingsFromStyles(darkStyles) },
  },
];
