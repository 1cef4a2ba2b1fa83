/** The dashboard's fixed sample data (spec 2.3 and 3 "Page-view sample"). */
export const SAMPLE_PAGE_VIEWS = [
  { id: 'v1', page: 'Home', count: 245, trend: '+12%' },
  { id: 'v2', page: 'About', count: 186, trend: '+8%' },
  { id: 'v3', page: 'Services', count: 142, trend: '+15%' },
  { id: 'v4', page: 'Contact', count: 97, trend: '+5%' },
] as const;

/** The dashboard's three sample stat cards (spec 2.3: fixed figures with trend percentages). */
export const SAMPLE_STATS = [
  { id: 'users', label: 'Active Users', value: '2.1k', trend: '+12.5%' },
  { id: 'comments', label: 'Comments', value: '482', trend: '+8.2%' },
  { id: 'views', label: 'Page Views', value: '14.2k', trend: '+23.1%' },
] as const;

/** The dashboard's period choices (spec 2.3, 9); the choice stays on screen and changes no data. */
export const DASHBOARD_PERIODS = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
] as const;
export const DEFAULT_DASHBOARD_PERIOD = '7d';
