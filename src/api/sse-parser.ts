/**
 * The Server-Sent Events text format (WHATWG HTML, "Parsing an event stream"), parsed incrementally: text arrives in
 * chunks cut anywhere (inside a line, between CR and LF, inside a multi-byte character), and each event is handed on
 * as soon as the blank line that ends it is read. Pure: no I/O, no timers; `readSseStream` feeds it a response body.
 *
 * - Lines end with CRLF, LF or CR.
 * - A blank line dispatches the event being built: its `data` lines joined by LF. An event with no data line is
 *   dropped, as the standard says (`ready` carries `data: {}`, so it is not).
 * - `event:` names the event (default `message`), `data:` adds a line, `id:` sets the last event id, `retry:` a
 *   reconnection time in ms (digits only). One space after the colon is dropped; a line without a colon is a field
 *   with an empty value; unknown fields are ignored.
 * - A line starting with a colon is a comment (the server's `: keep-alive`): ignored.
 * - An event cut off by the end of the stream (no blank line after it) is dropped.
 */

/** One dispatched event. */
export interface SseEvent {
  /** The `event:` field, or `message` when there was none. */
  readonly event: string;
  /** The `data:` lines joined by LF. */
  readonly data: string;
  /** The last `id:` seen on the stream so far (it carries over to later events), '' when none. */
  readonly id: string;
  /** The `retry:` value of this event, in ms, if it had one. */
  readonly retry: number | null;
}

export interface SseParser {
  /** Feeds the next piece of text. */
  push(text: string): void;
  /** The stream ended: a partly built event is dropped. */
  end(): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  /** The previous chunk ended in CR: an LF at the start of this one belongs to that line end. */
  let afterCr = false;
  let first = true;
  let type = '';
  let data: string[] = [];
  let lastId = '';
  let retry: number | null = null;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n'), id: lastId, retry });
    type = '';
    data = [];
    retry = null;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') {
      if (!value.includes('\u0000')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      let chunk = text;
      if (first && chunk.length > 0) {
        first = false;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      afterCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        line(buffer.slice(start, i));
        if (ch === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      type = '';
      data = [];
      retry = null;
    },
  };
}

/**
 * Reads a response body to its end, handing each event to `onEvent`. Bytes are decoded as UTF-8 in streaming mode, so
 * a character split across network chunks arrives whole. `onChunk` hears every chunk, comments included (a
 * keep-alive proves the connection is alive). Resolves when the stream ends; rejects when reading fails (a dropped
 * connection, or the request's signal aborted).
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  onChunk?: () => void,
): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onChunk?.();
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
