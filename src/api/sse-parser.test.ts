import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream, type SseEvent } from './sse-parser';

/** Parses `chunks` in order and returns the events dispatched. */
function parse(chunks: readonly string[], end = true): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  if (end) parser.end();
  return events;
}

/** Every way of cutting `text` in two. */
const cutsOf = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

const STREAM = 'event: ready\ndata: {}\n\n: keep-alive\n\nevent: taken\ndata: {"id":123,"kind":"instant"}\n\n';
const EXPECTED = [
  { event: 'ready', data: '{}', id: '', retry: null },
  { event: 'taken', data: '{"id":123,"kind":"instant"}', id: '', retry: null },
];

describe('SSE parser', () => {
  it('reads the events of the listing stream and skips the keep-alive comment', () => {
    expect(parse([STREAM])).toEqual(EXPECTED);
  });

  it('gives the same events wherever a chunk boundary falls: inside a field name, a value, a line end or between events', () => {
    for (const cut of cutsOf(STREAM)) expect(parse(cut), JSON.stringify(cut)).toEqual(EXPECTED);
  });

  it('gives the same events when the text arrives one character at a time', () => {
    expect(parse([...STREAM])).toEqual(EXPECTED);
  });

  it('accepts CRLF and lone CR line ends, also when CR and LF arrive in different chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    const cr = STREAM.replaceAll('\n', '\r');
    expect(parse([crlf])).toEqual(EXPECTED);
    expect(parse([cr])).toEqual(EXPECTED);
    for (const cut of cutsOf(crlf)) expect(parse(cut), JSON.stringify(cut)).toEqual(EXPECTED);
    // a CR at the end of a chunk followed by LF is one line end, not a line end and a blank line
    expect(parse(['data: a\r', '\ndata: b\r\n\r\n'])).toEqual([
      { event: 'message', data: 'a\nb', id: '', retry: null },
    ]);
  });

  it('dispatches an event only at its blank line', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((e) => events.push(e));
    parser.push('event: taken\ndata: {"id":1,"kind":"auction"}\n');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toHaveLength(1);
  });

  it('joins multi-line data with LF, and keeps an empty data line', () => {
    expect(parse(['data: first\ndata: second\ndata\ndata:  indented\n\n'])).toEqual([
      { event: 'message', data: 'first\nsecond\n\n indented', id: '', retry: null },
    ]);
  });

  it('drops one space after the colon only, and reads a field without a value', () => {
    expect(parse(['event:taken\ndata:x\n\n', 'event\ndata\n\n'])).toEqual([
      { event: 'taken', data: 'x', id: '', retry: null },
      { event: 'message', data: '', id: '', retry: null },
    ]);
  });

  it('ignores comments, unknown fields and events without data', () => {
    expect(parse([':hello\n: keep-alive\n\nfoo: bar\nevent: ready\n\nevent: taken\nbar: 1\ndata: 2\n\n'])).toEqual([
      { event: 'taken', data: '2', id: '', retry: null },
    ]);
  });

  it('carries the last id over to later events and reads a numeric retry', () => {
    expect(parse(['id: 7\ndata: a\nretry: 3000\n\ndata: b\nretry: soon\n\nid\ndata: c\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '7', retry: 3000 },
      { event: 'message', data: 'b', id: '7', retry: null },
      { event: 'message', data: 'c', id: '', retry: null },
    ]);
  });

  it('drops an event cut off by the end of the stream', () => {
    expect(parse(['event: taken\ndata: {"id":1,"kind":"instant"}\n'])).toEqual([]);
    expect(parse(['data: a\n\ndata: b'])).toEqual([{ event: 'message', data: 'a', id: '', retry: null }]);
  });

  it('drops a byte order mark at the start of the stream only', () => {
    expect(parse(['\uFEFFdata: a\n\n', 'data: \uFEFFb\n\n'])).toEqual([
      { event: 'message', data: 'a', id: '', retry: null },
      { event: 'message', data: '\uFEFFb', id: '', retry: null },
    ]);
  });
});

describe('readSseStream', () => {
  const body = (chunks: readonly Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });

  it('decodes UTF-8 split across chunks, and resolves when the body ends', async () => {
    const bytes = new TextEncoder().encode('data: Zoë → Bristol\n\n');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of ë
    const events: SseEvent[] = [];
    await readSseStream(body([bytes.slice(0, split), bytes.slice(split)]), (e) => events.push(e));
    expect(events.map((e) => e.data)).toEqual(['Zoë → Bristol']);
  });

  it('rejects when the body fails mid-stream, after the events read so far', async () => {
    const events: SseEvent[] = [];
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('data: a\n\n'));
        else controller.error(new TypeError('network error'));
      },
    });
    await expect(readSseStream(failing, (e) => events.push(e))).rejects.toThrow('network error');
    expect(events.map((e) => e.data)).toEqual(['a']);
  });
});
