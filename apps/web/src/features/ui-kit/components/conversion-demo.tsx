import { Stack, TextField, Typography } from '@mui/material';
import { CONVERTIBLE_CURRENCIES } from '@toydesk/contract';
import { useState } from 'react';

import { SelectField } from '@/components/entity-form/select-field';
import { marketByCode, useCommonData } from '@/lib/common-data';
import { marketOptions } from '@/lib/filter-options';
import { formatConverted } from '@/lib/format';
import { useUiLang } from '@/lib/use-ui-lang';

const CURRENCY_OPTIONS = CONVERTIBLE_CURRENCIES.map((code) => ({ value: code, label: code }));

/** Currency conversion with a market record's rates (spec section 5), as every money cell does it. */
export function ConversionDemo() {
  const { t, lang } = useUiLang();
  const { markets } = useCommonData();
  const [amount, setAmount] = useState('1000');
  const [from, setFrom] = useState('RUB');
  const [to, setTo] = useState('USD');
  const [market, setMarket] = useState(markets[0]?.code ?? '');
  const rates = marketByCode(markets, market) ?? {};
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <TextField
        label={t('uiKit.amount')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        sx={{ width: 140 }}
      />
      <SelectField
        label={t('uiKit.from')}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        sx={{ width: 100 }}
        options={CURRENCY_OPTIONS}
      />
      <SelectField
        label={t('uiKit.to')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        sx={{ width: 100 }}
        options={CURRENCY_OPTIONS}
      />
      <SelectField
        label={t('uiKit.ratesOf')}
        value={market}
        onChange={(e) => setMarket(e.target.value)}
        sx={{ width: 200 }}
        options={marketOptions(markets)}
      />
      <Typography data-testid="conversion-result" sx={{ fontWeight: 500 }}>
        ={' '}
        {/^-?\d+(\.\d+)?$/.test(amount.trim()) ? formatConverted(amount.trim(), from, to, rates, lang) : '—'}
      </Typography>
    </Stack>
  );
}
