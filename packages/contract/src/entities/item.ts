import { z } from 'zod';

/** An item as the console shows it (spec section 3): its own ids and images, and the toy it belongs to. */
const itemFields = {
  market_hash_name: z.string(),
  classid: z.string().nullable(),
  instance: z.string().nullable(),
  classid_instanceid: z.string().nullable(),
  icon_url: z.string().nullable(),
  icon_url_large: z.string().nullable(),
};
export const itemSchema = z.object({
  ...itemFields,
  itemId: z.string().nullable(),
  toy: z.object(itemFields).nullable(),
});
export type Item = z.infer<typeof itemSchema>;

/** Market order data (spec section 3): item lists keyed by classid_instanceid. */
export const marketOrderDataSchema = z.record(
  z.string().regex(/^\d+_\d+$/),
  z.object({ price: z.string(), market_hash_name: z.string(), ru_name: z.string().nullable() }),
);
export type MarketOrderData = z.infer<typeof marketOrderDataSchema>;

/** A console notification (spec section 3); the queue appends them and removes them by id. */
export const notificationSchema = z.object({
  id: z.string(),
  text: z.string(),
  title: z.string().optional(),
  color: z.string().optional(),
});
export type Notification = z.infer<typeof notificationSchema>;
