/**
 * Texts of the layouts and overlays area (issue 12): column names that tell apart what they show, and why a
 * proxy check failed. ru.ts and en.ts take them as `layoutFit`.
 */
export const ruLayoutFit = {
  marketAccounts: {
    /** Whether the account is online on its marketplace now (last_online_at). */
    onlineNow: 'В сети',
    onlineNowHint: 'Аккаунт сейчас в сети на площадке',
    /** Short headers of the loop switches; the full name is their tooltip. */
    switchShort: {
      keep_online: 'Держать онлайн',
      auto_deliver: 'Передача',
      auto_sell: 'Продажа',
      dynamic_orders: 'Ордера',
      dry_run: 'Пробный',
    },
  },
  proxyCheck: {
    /** The cell's text when the check found the proxy down: why. */
    reason: {
      timeout: 'Нет ответа (тайм-аут)',
      refused: 'Соединение отклонено',
      auth: 'Неверный логин или пароль (407)',
      address: 'Неверный адрес или IP',
      http_status: 'Прокси ответил HTTP {{status}}',
      network: 'Соединение оборвалось',
      not_checked: 'Не проверяется в демо',
    },
    /** A down result without a reason (from before the reasons). */
    down: 'Не отвечает',
    up: 'Работает, {{latency}} мс',
  },
};

export const enLayoutFit: typeof ruLayoutFit = {
  marketAccounts: {
    onlineNow: 'Online now',
    onlineNowHint: 'The account is online on the marketplace now',
    switchShort: {
      keep_online: 'Keep online',
      auto_deliver: 'Deliver',
      auto_sell: 'Sell',
      dynamic_orders: 'Orders',
      dry_run: 'Dry run',
    },
  },
  proxyCheck: {
    reason: {
      timeout: 'No answer (timeout)',
      refused: 'Connection refused',
      auth: 'Wrong login or password (407)',
      address: 'Wrong address or IP',
      http_status: 'Proxy answered HTTP {{status}}',
      network: 'Connection dropped',
      not_checked: 'Not checked in the demo',
    },
    down: 'Not answering',
    up: 'Works, {{latency}} ms',
  },
};
