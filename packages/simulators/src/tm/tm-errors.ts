/**
 * The error strings the simulated market answers with (`{"success":false,"error":...}`). Those marked
 * [doc]/[code] come from marketplaces.md; the others are the simulator's choice (no public source names
 * them) and are listed in the package README.
 */
export const TM_ERRORS = {
  badKey: 'Bad KEY', // [code]
  tooManyRequests: 'too many requests', // chosen (marketplaces.md 1.0 suggests it)
  badInput: 'bad_input', // [doc]
  badRequest: 'bad_request', // [doc]
  badItem: 'bad_item', // [doc]
  inventoryNotLoaded: 'inventory_not_loaded', // [doc]
  itemNotRecieved: 'item_not_recieved', // [doc], misspelt as tm does
  noDescriptionFound: 'no_description_found', // [doc]
  itemNotInInventory: 'item_not_in_inventory', // [doc]
  itemNotInserted: 'item_not_inserted', // [doc]
  itemIsNotTradable: 'item_is_not_tradable', // spec section 8
  wrongPaymentPassword: 'wrong_payment_password', // [code]
  nothing: 'nothing', // [code] trade-request-give-p2p-all
  samePrice: 'same_price', // [code] ProcessOrder
  wrongCurrency: 'wrong_currency', // chosen: `cur` differs from the account currency
  notEnoughMoney: 'not_enough_money', // chosen
  itemNotFound: 'item_not_found', // chosen: buy/set-order/ProcessOrder of nothing
  priceTooLow: 'price_too_low', // chosen: buy with a max price below every offer
  cannotBuyOwnItem: 'cannot_buy_own_item', // chosen
  wrongOldPassword: 'wrong_old_password', // chosen: set-pay-password
  userNotFound: 'user_not_found', // chosen: money-send to an unknown key
  amountTooSmall: 'amount_too_small', // chosen: money-send under the minimum
  badToken: 'bad_token', // chosen: set-trade-token with a token that is not 8 characters
  notFound: 'not_found', // chosen: *-by-custom-id of an unknown id
  orderNotFound: 'order_not_found', // chosen: ProcessOrder price 0 without an order
  badPrice: 'bad_price', // chosen: MassSetPriceById per-item
} as const;

/** ping-new answers with `message`, not `error`. */
export const TM_PING_MESSAGES = {
  tooEarly: 'too early for ping', // [code]
  tradeBanPrefix: 'You cant trade until', // [code]
  noAccessToken: 'access_token is required', // chosen
} as const;

/** change-currency's numeric codes ([lib] market_api doc-strings; 1002 is the simulator's choice). */
export const CHANGE_CURRENCY_CODES = {
  itemsOnSale: 1001,
  balanceNotZero: 1002,
  activeWithdrawal: 1003,
  alreadySelected: 1004,
  invalidCurrency: 1005,
  converting: 1007,
} as const;
