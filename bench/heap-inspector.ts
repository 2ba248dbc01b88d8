import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * A Chrome DevTools Protocol client for a Node process started with `--inspect=127.0.0.1:<port>`: what `bench:api`
 * asks the API process about its memory between rounds (`--memory`, `--heap-snapshots <dir>`), without adding a route
 * or a signal handler to the API itself.
 */
export interface HeapInspector {
  /** `process.memoryUsage()` and V8's heap spaces of the inspected process, as it is (no collection first). */
  memory: () => Promise<MemoryFigures>;
  /** A full garbage collection in the inspected process (what a heap snapshot also does first). */
  collectGarbage: () => Promise<void>;
  /** Writes a `.heapsnapshot` (open it in Chrome DevTools, or summarise it with `bench/heap-summary.ts`). */
  writeHeapSnapshot: (file: string) => Promise<void>;
  close: () => void;
}

export interface MemoryFigures {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's spaces (new, old, code, large object, ...): what each holds and has reserved, in bytes. */
  spaces: { name: string; size: number; used: number }[];
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

const MEMORY_EXPRESSION = `JSON.stringify({
  ...process.memoryUsage(),
  spaces: process.getBuiltinModule('v8').getHeapSpaceStatistics().map((space) => ({
    name: space.space_name, size: space.space_size, used: space.space_used_size,
  })),
})`;

/** Connects to the inspector listening on `port` (the process's first target). */
export async function connectHeapInspector(port: number): Promise<HeapInspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (url === undefined) throw new Error(`no inspector target on port ${port}`);
  const socket = new WebSocket(url);
  await once(socket, 'open');
  let nextId = 0;
  const pending = new Map<
    number,
    { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void }
  >();
  let onEvent: ((message: Message) => void) | undefined;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id === undefined) {
      onEvent?.(message);
      return;
    }
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error.message));
    else waiting?.resolve(message.result ?? {});
  });
  const command = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      nextId += 1;
      pending.set(nextId, { resolve, reject });
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });

  return {
    memory: async () => {
      const result = await command('Runtime.evaluate', { expression: MEMORY_EXPRESSION, returnByValue: true });
      const value = (result.result as { value?: unknown } | undefined)?.value;
      if (typeof value !== 'string') throw new Error(`memory figures: unexpected answer ${JSON.stringify(result)}`);
      return JSON.parse(value) as MemoryFigures;
    },
    collectGarbage: async () => {
      await command('HeapProfiler.collectGarbage');
    },
    writeHeapSnapshot: async (file) => {
      const out = createWriteStream(file);
      onEvent = (message) => {
        const chunk = message.params?.chunk;
        if (message.method === 'HeapProfiler.addHeapSnapshotChunk' && typeof chunk === 'string') out.write(chunk);
      };
      try {
        await command('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onEvent = undefined;
        out.end();
        await once(out, 'close');
      }
    },
    close: () => {
      socket.close();
    },
  };
}
