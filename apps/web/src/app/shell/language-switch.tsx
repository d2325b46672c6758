import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { UiLang } from '@toydesk/contract';

import { setUiLang, UI_LANGS } from '@/lib/i18n';
import { useUiLang } from '@/lib/use-ui-lang';

/** RU / EN: Russian is the default, English the fallback (spec section 1). The choice is remembered. */
export function LanguageSwitch() {
  const { t, lang: current } = useUiLang();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t('app.language')}
      onChange={(_event, value: UiLang | null) => {
        if (value) void setUiLang(value);
      }}
      sx={{
        bgcolor: 'rgba(255,255,255,0.15)',
        '& .MuiToggleButton-root': { color: 'inherit', px: 1, py: 0.25 },
      }}
    >
      {UI_LANGS.map((lang) => (
        <ToggleButton key={lang} value={lang} aria-label={t(`lang.${lang}`)} title={t(`lang.${lang}`)}>
          {t(`lang.short.${lang}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
