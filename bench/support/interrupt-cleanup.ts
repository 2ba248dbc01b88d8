/**
 * What a bench must undo when it is interrupted (Ctrl-C, SIGTERM) rather than reaching its `finally` blocks: the
 * processes it spawned, the Temporal server it started, its database. Each is registered here while it exists; on the
 * first signal every registered cleanup runs (a second signal exits at once).
 */
type Cleanup = () => Promise<void> | void;

const cleanups = new Set<Cleanup>();
const EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };
let installed = false;
let interrupted = false;

/** Whether a signal started the cleanups: the bench then leaves its exit to them. */
export const isInterrupted = (): boolean => interrupted;

/** Registers `cleanup` for an interrupt; returns the function that unregisters it (call it once undone normally). */
export function onInterrupt(cleanup: Cleanup): () => void {
  installHandlers();
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

function installHandlers(): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      process.stderr.write(`bench: ${signal}, cleaning up\n`);
      process.once(signal, () => process.exit(EXIT_CODES[signal]));
      void runCleanups().finally(() => process.exit(EXIT_CODES[signal]));
    });
  }
}

/** Latest first: processes before the database they use. */
async function runCleanups(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`bench: cleanup failed: ${String(error)}\n`);
    }
  }
}
