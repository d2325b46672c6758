import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { en } from '@/lib/locales/en';
import { ru } from '@/lib/locales/ru';

import { deliveryErrorText } from './delivery-error-text';

async function tOf(lng: 'ru' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { ru: { translation: ru }, en: { translation: en } } });
  return instance.t;
}

describe('deliveryErrorText', () => {
  it('says the loop’s fixed sentences in Russian and English, other errors as stored', async () => {
    const ru = await tOf('ru');
    expect(deliveryErrorText('the market failed the deal', ru)).toBe('Площадка отменила сделку');
    expect(deliveryErrorText('Steam offer CanceledBySecondFactor', ru)).toBe(
      'Обмен в Steam: Отменён при подтверждении',
    );
    expect(deliveryErrorText('Steam offer Unknown', ru)).toBe('Обмен в Steam: Unknown');
    expect(deliveryErrorText('ETIMEDOUT', ru)).toBe('ETIMEDOUT');
    const en = await tOf('en');
    expect(deliveryErrorText('Steam offer InEscrow', en)).toBe('Steam offer: In escrow');
  });
});
