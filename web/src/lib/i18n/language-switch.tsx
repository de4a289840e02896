import { setLanguage, useLanguage, type Lang } from './i18n';

/**
 * The navbar's language switch: one button naming the other language in itself, no reload. An English
 * page shows "বাংলা" (with formatMoney's "টাকা", the only Bengali in the entry chunk), a Bengali page "English".
 */
export function LanguageSwitch() {
  const other: Lang = useLanguage() === 'bn' ? 'en' : 'bn';
  return (
    <button type="button" className="navbar__lang" lang={other} onClick={() => void setLanguage(other)}>
      {other === 'bn' ? 'বাংলা' : 'English'}
    </button>
  );
}
