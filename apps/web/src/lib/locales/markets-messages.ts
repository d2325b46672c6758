/** Texts of the markets reference screen (names, activity, exchange rates); ru.ts and en.ts take them as `marketsRef`. */
export const ruMarketsRef = {
  title: 'Площадки',
  code: 'Код',
  name: 'Название',
  active: 'Активна',
  usdRate: 'Курс USD, ₽',
  eurRate: 'Курс EUR, ₽',
  ratesSetAt: 'Курсы заданы',
  editTitle: 'Площадка {{name}}',
  saved: 'Площадка {{name}} сохранена',
  ratePositive: 'Курс: число больше нуля, не более 6 знаков после точки',
  ratesHelp:
    'Рублей за 1 единицу валюты, больше нуля, до 6 знаков после точки. Все суммы в ₽ пересчитываются по этим курсам.',
  /** The hint beside a total converted with the markets' rates. */
  rateDate: 'по курсу от {{date}}',
  rateDateUnknown: 'курс не задан',
  rateDateTooltip: '{{name}}: USD {{usd}} ₽, EUR {{eur}} ₽, заданы {{date}}',
  /** The audit log (Журнал изменений): objects by their names, bots as «бот». */
  audit: {
    object: 'Название объекта',
    bot: 'бот',
    entity: {
      steam_account: 'Steam-аккаунт',
      market_account: 'Аккаунт площадки',
      market: 'Площадка',
      toy: 'Предмет',
      market_toy: 'Предмет на площадке',
      toy_dynamic_setting: 'Динамическая настройка',
      toy_history: 'Сделка',
      history_stat: 'Точка статистики',
      sell_item: 'Лот',
      transaction: 'Транзакция',
      tag: 'Тег',
      server_group: 'Группа серверов',
      available_ip: 'Доступный IP',
      proxy: 'Прокси',
      account_checklist: 'Чек-лист',
      market_proxy: 'Вызов площадки',
      market_spend_guard: 'Лимит расходов',
      steam_inventory: 'Предмет инвентаря',
    },
  },
};
