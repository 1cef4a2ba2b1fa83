import { createContext, useContext } from 'react';

import type { Language } from './languages.ts';
import { createTranslate, type Translate } from './translate.ts';

export interface I18n {
  language: Language;
  t: Translate;
}

const I18nContext = createContext<I18n>({ language: 'en', t: createTranslate({}) });

export const I18nProvider = I18nContext.Provider;

/** The current language and its t(); provided by the public site layout. */
export function useTranslation(): I18n {
  return useContext(I18nContext);
}
