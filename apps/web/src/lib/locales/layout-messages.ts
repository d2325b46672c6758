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
