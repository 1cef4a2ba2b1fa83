import { type SectionName, THEME_SECTIONS } from '#app/lib/theme/model.ts';

/** The page's sections in order; the active one is what the code and settings tabs edit. */
export function SectionsList({
  active,
  onSelect,
  customized,
}: {
  active: SectionName | null;
  onSelect: (name: SectionName) => void;
  customized: Set<SectionName>;
}) {
  return (
    <nav aria-label="Sections" className="border-b border-gray-200 p-3">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">Sections</h2>
      <ul className="space-y-1">
        {THEME_SECTIONS.map((section) => {
          const current = active === section.name;
          return (
            <li key={section.name}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => onSelect(section.name)}
                className={`flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-700 ${current ? 'bg-blue-50 font-semibold text-blue-800 ring-1 ring-blue-200' : 'text-gray-800 hover:bg-gray-100'}`}
              >
                <span>{section.label}</span>
                <span className="text-xs font-normal text-gray-600">{customized.has(section.name) ? 'customized' : section.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
