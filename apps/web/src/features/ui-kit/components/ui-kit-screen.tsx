import { mdiContentSave, mdiDelete, mdiPencil } from '@mdi/js';
import {
  Autocomplete,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { MARKET_CODES } from '@toydesk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { AppDialog } from '@/components/app-dialog';
import { EntityTable } from '@/components/entity-table/entity-table';
import { HoverMenu } from '@/components/hover-menu';
import { ItemImage } from '@/components/item-image';
import { MdiIcon } from '@/components/mdi-icon';
import { Page } from '@/components/page';
import { notify, type NotificationColor } from '@/lib/notifications';
import { PALETTE } from '@/lib/theme';
import { runRules, useRules } from '@/lib/validation';

import { ConversionDemo } from './conversion-demo';
import { StressTable } from './stress-table';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

const COLORS: NotificationColor[] = ['error', 'warning', 'info', 'success'];

/** /ui: the console's building blocks in one place, and the market records (with their rates). */
export function UiKitScreen() {
  const { t } = useTranslation();
  const rules = useRules();
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [code, setCode] = useState('');
  const [dialog, setDialog] = useState<'plain' | 'persistent' | null>(null);
  const emailError = emailTouched ? runRules(email, [rules.required, rules.email]) : true;
  const codeError = runRules(code, [rules.capital, rules.maxLength(8)]);

  return (
    <Page title={t('nav.ui')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <Section title={t('uiKit.colors')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {Object.entries(PALETTE).map(([name, color]) => (
              <Box
                key={name}
                sx={{ width: 128, p: 1, bgcolor: color, color: '#fff', borderRadius: 1, fontSize: 12 }}
              >
                {t(`uiKit.palette.${name as keyof typeof PALETTE}`)}
                <br />
                {color}
              </Box>
            ))}
          </Stack>
        </Section>
        <Section title={t('uiKit.buttons')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" startIcon={<MdiIcon path={mdiContentSave} />}>
              {t('common.save')}
            </Button>
            <Button variant="outlined" startIcon={<MdiIcon path={mdiPencil} />}>
              {t('common.edit')}
            </Button>
            <Button color="error" startIcon={<MdiIcon path={mdiDelete} />}>
              {t('common.delete')}
            </Button>
            <Button variant="contained" color="secondary">
              {t('uiKit.secondary')}
            </Button>
            <HoverMenu
              label={t('uiKit.hoverMenu')}
              items={[1, 2, 3].map((n) => ({
                key: String(n),
                label: t('uiKit.menuItem', { n }),
                onSelect: () => undefined,
              }))}
              buttonProps={{ variant: 'outlined', color: 'primary' }}
            />
          </Stack>
          <LinearProgress sx={{ mt: 2 }} />
        </Section>
        <Section title={t('uiKit.inputs')}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2 }}>
            <TextField
              label={t('fields.email')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setEmailTouched(true)}
              error={emailError !== true}
              helperText={emailError === true ? undefined : emailError}
            />
            <TextField
              label={t('uiKit.code')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={codeError !== true}
              helperText={codeError === true ? undefined : codeError}
            />
            <TextField select label={t('fields.market')} defaultValue="tm">
              {MARKET_CODES.map((market) => (
                <MenuItem key={market} value={market}>
                  {market}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              options={MARKET_CODES}
              renderInput={(params) => <TextField {...params} label={t('fields.market')} />}
            />
            <TextField label={t('fields.notes')} multiline sx={{ gridColumn: '1 / -1' }} />
          </Box>
        </Section>
        <Section title={t('uiKit.overlays')}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setDialog('plain')}>
              {t('uiKit.openDialog')}
            </Button>
            <Button variant="outlined" onClick={() => setDialog('persistent')}>
              {t('uiKit.openPersistent')}
            </Button>
            {COLORS.map((color) => (
              <Button
                key={color}
                color={color}
                variant="outlined"
                onClick={() =>
                  notify({ title: t(`uiKit.color.${color}`), text: t('uiKit.notificationText'), color })
                }
              >
                {t(`uiKit.color.${color}`)}
              </Button>
            ))}
          </Stack>
        </Section>
        <Section title={t('uiKit.images')}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-end' }}>
            <ItemImage marketHashName="AK-47 | Redline (Field-Tested)" size={120} />
            <ItemImage marketHashName="AWP | Asiimov (Field-Tested)" iconUrl="sample-icon-url" size={60} />
            <ItemImage size={40} />
          </Stack>
        </Section>
        <Section title={t('uiKit.conversion')}>
          <ConversionDemo />
        </Section>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Section title={t('uiKit.markets')}>
          <EntityTable
            routeId="markets.list"
            label={t('uiKit.markets')}
            pageSize={999999}
            height={300}
            searchable={false}
          />
        </Section>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Section title={t('uiKit.stressTable')}>
          <StressTable />
        </Section>
      </Box>
      <AppDialog
        open={dialog !== null}
        persistent={dialog === 'persistent'}
        onClose={() => setDialog(null)}
        title={dialog === 'persistent' ? t('uiKit.openPersistent') : t('uiKit.openDialog')}
        actions={<Button onClick={() => setDialog(null)}>{t('common.close')}</Button>}
      >
        <Typography>{dialog === 'persistent' ? t('uiKit.persistentText') : t('uiKit.dialogText')}</Typography>
      </AppDialog>
    </Page>
  );
}
