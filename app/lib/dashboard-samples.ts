/** The dashboard's fixed sample data (spec 2.3 and 3 "Notification sample", "Page-view sample"). */
export const SAMPLE_NOTIFICATIONS = [
  { id: 'n1', type: 'update', message: 'A theme update is available', time: '2 hours ago', status: 'warning' },
  { id: 'n2', type: 'comment', message: 'A new comment needs approval', time: '5 hours ago', status: 'pending' },
  { id: 'n3', type: 'security', message: 'A security update is recommended', time: '1 day ago', status: 'warning' },
] as const;

export const SAMPLE_PAGE_VIEWS = [
  { id: 'v1', page: 'Home', count: 245, trend: '+12%' },
  { id: 'v2', page: 'About', count: 186, trend: '+8%' },
  { id: 'v3', page: 'Services', count: 142, trend: '+15%' },
  { id: 'v4', page: 'Contact', count: 97, trend: '+5%' },
] as const;
