import type { ruLayoutFit } from './layout-messages';

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
