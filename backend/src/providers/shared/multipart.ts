/**
 * Minimal multipart/form-data helpers for passing uploads through: read a small text field (the
 * model) and replace its value, without parsing or copying the file parts into strings.
 */
export function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]).trim() : null;
}

interface FieldSpan {
  valueStart: number;
  valueEnd: number;
}

function findField(raw: Buffer, boundary: string, name: string, file = false): FieldSpan | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let pos = raw.indexOf(delimiter);
  while (pos !== -1) {
    const headerStart = pos + delimiter.length + 2; // skip CRLF after the delimiter
    const headerEnd = raw.indexOf('\r\n\r\n', headerStart);
    if (headerEnd === -1) return null;
    const next = raw.indexOf(delimiter, headerEnd);
    if (next === -1) return null;
    const headers = raw.toString('latin1', headerStart, headerEnd);
    const disposition = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers);
    if (disposition && disposition[1] === name && /filename=/i.test(headers) === file) {
      return { valueStart: headerEnd + 4, valueEnd: next - 2 }; // value ends before CRLF--boundary
    }
    pos = next;
  }
  return null;
}

export function readField(raw: Buffer, boundary: string, name: string): string | null {
  const span = findField(raw, boundary, name);
  return span ? raw.toString('utf8', span.valueStart, span.valueEnd) : null;
}

/** The bytes of an uploaded file part (a view into `raw`), or null. */
export function readFile(raw: Buffer, boundary: string, name: string): Buffer | null {
  const span = findField(raw, boundary, name, true);
  return span ? raw.subarray(span.valueStart, span.valueEnd) : null;
}

/** The body with one text field's value replaced (unchanged when the field is absent). */
export function replaceField(raw: Buffer, boundary: string, name: string, value: string): Buffer {
  const span = findField(raw, boundary, name);
  if (!span) return raw;
  return Buffer.concat([raw.subarray(0, span.valueStart), Buffer.from(value, 'utf8'), raw.subarray(span.valueEnd)]);
}
