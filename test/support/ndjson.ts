/** Reads a streamed answer of newline-delimited JSON line by line, as the web app does. */
export async function* readNdjson<T = unknown>(response: Response): AsyncGenerator<T> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield JSON.parse(line) as T;
      newline = buffer.indexOf('\n');
    }
  }
  if (buffer.trim()) yield JSON.parse(buffer) as T;
}
