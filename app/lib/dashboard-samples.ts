/** The dashboard's period choices (docs/product.md, Dashboard, Constants); the figures are counted for the one chosen. */
export const DASHBOARD_PERIODS = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
] as const;
export const DEFAULT_DASHBOARD_PERIOD = '7d' as const;
