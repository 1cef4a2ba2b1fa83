/** Toast constants of docs/product.md (Constants) (react-hot-toast's defaults, stated here so they cannot drift). */
export const TOAST_DURATIONS_MS = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
  custom: 4000,
} as const;
