import { STATUS_CODES } from 'node:http';

/** The page nginx serves when its upstream fails, as clients meet it instead of JSON. */
export function nginxErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return (
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n` +
    `<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
  );
}
