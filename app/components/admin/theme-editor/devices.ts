/** The preview frame's devices: desktop is the full width (labelled 1920px); the others have a fixed size. */
export const PREVIEW_DEVICES = [
  {
    id: 'desktop',
    label: 'Desktop',
    size: '1920px',
    width: 1920,
    height: null,
  },
  { id: 'laptop', label: 'Laptop', size: '1366px', width: 1366, height: null },
  { id: 'tablet', label: 'Tablet', size: '768×1024', width: 768, height: 1024 },
  { id: 'mobile', label: 'Mobile', size: '375×667', width: 375, height: 667 },
] as const;

export type PreviewDevice = (typeof PREVIEW_DEVICES)[number];
export type PreviewDeviceId = PreviewDevice['id'];
