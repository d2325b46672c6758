import { randomBytes } from 'node:crypto';

/** A multipart/form-data body, as steamcommunity sends `formData` (avatar upload, privacy). */
export interface MultipartFile {
  filename: string;
  contentType: string;
  data: Uint8Array;
}

export function buildMultipart(fields: [string, string | MultipartFile][]): {
  body: Uint8Array;
  contentType: string;
} {
  const boundary = `----toydesk${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: ${value.contentType}\r\n\r\n`,
        ),
        Buffer.from(value.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: new Uint8Array(Buffer.concat(chunks)),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export interface ParsedPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** Splits a multipart/form-data body into parts (the simulator's reader). */
export function parseMultipart(body: Buffer, contentType: string): ParsedPart[] {
  const boundary = contentType.match(/boundary=(?:"([^"]+)"|([^;]+))/i);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  const delimiter = Buffer.from(`--${marker.trim()}`);
  const parts: ParsedPart[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2); // skip the CRLF after the delimiter and before the next
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const name = headers.match(/name="([^"]*)"/i)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          filename: headers.match(/filename="([^"]*)"/i)?.[1] ?? null,
          contentType: headers.match(/content-type:\s*([^\r\n]+)/i)?.[1]?.trim() ?? null,
          data: Buffer.from(part.subarray(headerEnd + 4)),
        });
      }
    }
    at = next;
  }
  return parts;
}
