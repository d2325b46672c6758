import { Box, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { EntityFieldProps } from '@/components/entity-form/entity-field';
import { contrastText } from '@/components/tag-chips';

import { isTagColor, TAG_PALETTE } from '../utils/tag-colors';

const SWATCH = 28;

/**
 * A tag's colour without free text: a palette of swatches (a radio group, arrow keys move between them)
 * and the browser's colour picker for any other colour. Both give #rrggbb, the form the contract stores.
 */
export function TagColorField({ id, name, value, onChange, error, disabled }: EntityFieldProps) {
  const { t } = useTranslation();
  const color = typeof value === 'string' ? value.toLowerCase() : '';
  const valid = isTagColor(color);
  const inPalette = TAG_PALETTE.some((swatch) => swatch.color === color);
  const labelId = `${id ?? name}-label`;
  const message = error ?? (color && !valid ? t('catalogueFixes.tagColor.invalid') : undefined);

  const move = (from: number, step: number) => {
    const next = TAG_PALETTE[(from + step + TAG_PALETTE.length) % TAG_PALETTE.length];
    if (next) onChange(next.color);
  };

  return (
    <Box sx={{ mt: 1, mb: 0.5 }}>
      <FormLabel id={labelId} error={Boolean(message)} sx={{ fontSize: 12 }}>
        {t('catalogueFixes.tagColor.palette')}
      </FormLabel>
      <Stack
        role="radiogroup"
        aria-labelledby={labelId}
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}
      >
        {TAG_PALETTE.map((swatch, index) => {
          const checked = swatch.color === color;
          const label = t('catalogueFixes.tagColor.swatch', {
            name: t(`catalogueFixes.tagColor.names.${swatch.key}`),
            color: swatch.color,
          });
          return (
            <Box
              key={swatch.color}
              component="button"
              type="button"
              role="radio"
              aria-checked={checked}
              aria-label={label}
              title={label}
              data-color={swatch.color}
              disabled={disabled}
              // One tab stop for the group: the chosen swatch (or the first when none is).
              tabIndex={checked || (!inPalette && index === 0) ? 0 : -1}
              onClick={() => onChange(swatch.color)}
              onKeyDown={(event: KeyboardEvent) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
                  event.preventDefault();
                  move(index, 1);
                } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index, -1);
                }
              }}
              sx={{
                width: SWATCH,
                height: SWATCH,
                p: 0,
                borderRadius: '50%',
                cursor: 'pointer',
                bgcolor: swatch.color,
                color: contrastText(swatch.color),
                border: '2px solid',
                borderColor: checked ? 'text.primary' : 'transparent',
                outline: checked ? '2px solid #fff' : 'none',
                outlineOffset: -4,
                fontSize: 14,
                lineHeight: 1,
              }}
            >
              {checked ? '✓' : ''}
            </Box>
          );
        })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        <Box
          component="label"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, cursor: 'pointer' }}
        >
          <Box
            component="input"
            type="color"
            id={id}
            name={name}
            disabled={disabled}
            value={valid ? color : '#1976d2'}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value.toLowerCase())}
            sx={{ width: 36, height: 28, p: 0, border: 'none', bgcolor: 'transparent', cursor: 'pointer' }}
          />
          <Typography variant="body2">{t('catalogueFixes.tagColor.custom')}</Typography>
        </Box>
        {valid && (
          <Typography variant="body2" color="text.secondary" data-testid="tag-color-value">
            {t('catalogueFixes.tagColor.current', { color })}
          </Typography>
        )}
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
