/**
 * The one place apps/bots still reaches into apps/server: the CSV export of paged lists. The database layer,
 * vault, audit writer and spend store are @toydesk/db.
 */
// ?format=csv of the bot services' paged lists, written like the API's.
export {
  BOT_CSV_MAX_ROWS,
  csvDocument,
  csvFileName,
  wantsCsv,
} from '../../server/src/resources/csv-export.ts';
