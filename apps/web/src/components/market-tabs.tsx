import { Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { useCommonData } from '@/lib/common-data';

import { AppLink } from './app-link';

export interface MarketTabsProps {
  /** The current market code, or undefined for all markets. */
  value: string | undefined;
  /** The link of a tab: hrefFor(undefined) is the 'all markets' tab. */
  hrefFor: (market: string | undefined) => string;
}

/** Tabs per market (the optional {tab} of a route), as links so Back and a reload keep the tab. */
export function MarketTabs({ value, hrefFor }: MarketTabsProps) {
  const { t } = useTranslation();
  const { markets } = useCommonData();
  return (
    <Tabs value={value ?? 'all'} variant="scrollable" scrollButtons="auto" sx={{ mb: 1, minHeight: 36 }}>
      <Tab
        value="all"
        label={t('common.allMarkets')}
        component={AppLink}
        to={hrefFor(undefined)}
        sx={{ minHeight: 36 }}
      />
      {markets.map((market) => (
        <Tab
          key={market.code}
          value={market.code}
          label={market.name}
          component={AppLink}
          to={hrefFor(market.code)}
          sx={{ minHeight: 36 }}
        />
      ))}
    </Tabs>
  );
}
