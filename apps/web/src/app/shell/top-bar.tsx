import { mdiAccountCircleOutline, mdiLogout } from '@mdi/js';
import { AppBar, Box, Button, Chip, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { AppLink } from '@/components/app-link';
import { HoverMenu } from '@/components/hover-menu';
import { MdiIcon } from '@/components/mdi-icon';
import { api } from '@/lib/api-client';
import { loginUrl, useCommonData } from '@/lib/common-data';

import { AlertsBell } from './alerts-bell';
import { LanguageSwitch } from './language-switch';
import { isActiveLink, NAV_GROUPS } from './nav-items';

async function logout() {
  await api.call('accounts.logout', {}, { hideNotification: true });
  window.location.assign(loginUrl('/'));
}

/** The top bar (spec sections 1 and 2): navigation, DEMO, the operator, the language and logout. */
export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const common = useCommonData();
  return (
    <AppBar position="sticky" elevation={0} sx={{ borderBottom: 1, borderColor: 'primary.dark' }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Typography
          component={AppLink}
          to="/"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 1, letterSpacing: 0.5 }}
        >
          {t('app.name')}
        </Typography>
        {common.demo && (
          <Tooltip title={t('app.demoHint')}>
            <Chip
              label={t('app.demo')}
              color="warning"
              size="small"
              data-testid="demo-badge"
              sx={{ fontWeight: 700 }}
            />
          </Tooltip>
        )}
        <Box
          component="nav"
          aria-label={t('nav.label')}
          sx={{ display: 'flex', flexWrap: 'wrap', flex: 1, ml: 1 }}
        >
          {NAV_GROUPS.map((group) => {
            const active = group.links.some((link) => isActiveLink(pathname, link.to));
            const [only] = group.links;
            if (group.links.length === 1 && only) {
              return (
                <Button
                  key={group.key}
                  color="inherit"
                  component={AppLink}
                  to={only.to}
                  sx={{ fontWeight: active ? 700 : 400, borderBottom: active ? 2 : 0, borderRadius: 0 }}
                >
                  {t(group.labelKey)}
                </Button>
              );
            }
            return (
              <HoverMenu
                key={group.key}
                label={t(group.labelKey)}
                active={active}
                items={group.links.map((link) => ({
                  key: link.key,
                  label: t(link.labelKey),
                  to: link.to,
                  selected: isActiveLink(pathname, link.to),
                }))}
              />
            );
          })}
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <AlertsBell />
          <LanguageSwitch />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} title={t('app.operator')}>
            <MdiIcon path={mdiAccountCircleOutline} fontSize="small" />
            <Typography variant="body2" data-testid="operator-name">
              {common.operator.username}
            </Typography>
          </Stack>
          <Button
            color="inherit"
            size="small"
            href={loginUrl('/')}
            onClick={(event) => {
              event.preventDefault();
              void logout();
            }}
            startIcon={<MdiIcon path={mdiLogout} />}
          >
            {t('app.logout')}
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
