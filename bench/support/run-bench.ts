import { isInterrupted } from './interrupt-cleanup';

/** Runs `main` and exits 0, or prints the error and exits 1 (workers and pools would otherwise keep it alive). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => {
      if (!isInterrupted()) process.exit(0);
    },
    (error: unknown) => {
      // Interrupted: the failure is the interrupt's doing, and the cleanups exit once they are done.
      if (isInterrupted()) return;
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
