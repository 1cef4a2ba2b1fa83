import type { TimingFigures } from '#app/lib/server-timings.ts';

/** The figures of one request as a short definition list, shared by the admin's and the public site's panels. */
export function TimingFigureList({ figures, renderText }: { figures: TimingFigures; renderText?: string }) {
  const render = renderText ?? (figures.renderMs === null ? 'not rendered (data request)' : `${figures.renderMs} ms`);
  const cache = figures.cache === null ? 'not used' : figures.cache;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      <dt className="font-semibold">Database</dt>
      <dd data-timing="db">
        {figures.queries} {figures.queries === 1 ? 'query' : 'queries'}, {figures.dbMs} ms
      </dd>
      <dt className="font-semibold">Render</dt>
      <dd data-timing="render">{render}</dd>
      <dt className="font-semibold">Cache</dt>
      <dd data-timing="cache">{cache}</dd>
    </dl>
  );
}
